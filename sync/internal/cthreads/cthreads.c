// Simulated device queues: one pthread per stream runs its operations in
// order, sleeping for each one's device time, then completes it the way a
// driver does: it sets the completion flag, wakes threads blocked in
// kop_wait, and calls the registered completion callback from its own thread,
// which Go does not own.

#define _GNU_SOURCE
#include "cthreads.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

struct kgate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int open;
	atomic_int refs;
};

struct kop {
	kop *next; // stream queue link
	kgate *gate;
	int64_t delay_ns;
	int32_t status;
	int fail_subscribe;

	pthread_mutex_t mu; // guards the callback registration and end_ns
	pthread_cond_t cv;
	atomic_int done;
	int64_t end_ns;
	int cb_kind;
	void *cb_fn;
	void *cb_user;
	int cb_fired; // the callback has returned

	atomic_int refs;
	atomic_int waits, polls, subscribes, registered, callbacks;
};

struct kstream {
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	kop *head, *tail;
	int closing;
};

static atomic_int blocked_waits;

int64_t kop_now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

kgate *kgate_new(void) {
	kgate *g = calloc(1, sizeof *g);
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->cv, NULL);
	atomic_init(&g->refs, 1);
	return g;
}

void kgate_open(kgate *g) {
	pthread_mutex_lock(&g->mu);
	g->open = 1;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

static void kgate_wait(kgate *g) {
	pthread_mutex_lock(&g->mu);
	while (!g->open)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
}

void kgate_unref(kgate *g) {
	if (atomic_fetch_sub(&g->refs, 1) == 1) {
		pthread_mutex_destroy(&g->mu);
		pthread_cond_destroy(&g->cv);
		free(g);
	}
}

void kop_unref(kop *op) {
	if (atomic_fetch_sub(&op->refs, 1) == 1) {
		if (op->gate)
			kgate_unref(op->gate);
		pthread_mutex_destroy(&op->mu);
		pthread_cond_destroy(&op->cv);
		free(op);
	}
}

static void fire(kop *op, int kind, void *fn, void *user) {
	atomic_fetch_add(&op->callbacks, 1);
	if (kind == KOP_CB_HOST_FUNC)
		((void (*)(void *))fn)(user);
	else
		((void (*)(void *, int32_t, void *))fn)(op, op->status, user);
	pthread_mutex_lock(&op->mu);
	op->cb_fired = 1;
	pthread_cond_broadcast(&op->cv);
	pthread_mutex_unlock(&op->mu);
}

static void complete(kop *op) {
	pthread_mutex_lock(&op->mu);
	op->end_ns = kop_now_ns();
	atomic_store(&op->done, 1);
	int kind = op->cb_kind;
	void *fn = op->cb_fn, *user = op->cb_user;
	pthread_cond_broadcast(&op->cv);
	pthread_mutex_unlock(&op->mu);
	if (kind != KOP_CB_NONE)
		fire(op, kind, fn, user);
}

static void sleep_until(int64_t t) {
	struct timespec ts = {.tv_sec = t / 1000000000, .tv_nsec = t % 1000000000};
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
	}
}

static void *stream_main(void *arg) {
	kstream *s = arg;
	prctl(PR_SET_TIMERSLACK, 1UL); // sleep as precisely as the kernel can
	for (;;) {
		pthread_mutex_lock(&s->mu);
		while (!s->head && !s->closing)
			pthread_cond_wait(&s->cv, &s->mu);
		kop *op = s->head;
		if (!op) {
			pthread_mutex_unlock(&s->mu);
			return NULL;
		}
		s->head = op->next;
		if (!s->head)
			s->tail = NULL;
		pthread_mutex_unlock(&s->mu);

		if (op->gate)
			kgate_wait(op->gate);
		if (op->delay_ns > 0)
			sleep_until(kop_now_ns() + op->delay_ns);
		complete(op);
		kop_unref(op);
	}
}

kstream *kstream_new(void) {
	kstream *s = calloc(1, sizeof *s);
	pthread_mutex_init(&s->mu, NULL);
	pthread_cond_init(&s->cv, NULL);
	if (pthread_create(&s->th, NULL, stream_main, s) != 0)
		abort();
	return s;
}

void kstream_close(kstream *s) {
	pthread_mutex_lock(&s->mu);
	s->closing = 1;
	pthread_cond_signal(&s->cv);
	pthread_mutex_unlock(&s->mu);
	pthread_join(s->th, NULL);
	pthread_mutex_destroy(&s->mu);
	pthread_cond_destroy(&s->cv);
	free(s);
}

kop *kstream_submit(kstream *s, int64_t delay_ns, kgate *gate, int32_t status, int fail_subscribe) {
	kop *op = calloc(1, sizeof *op);
	op->delay_ns = delay_ns;
	op->gate = gate;
	if (gate)
		atomic_fetch_add(&gate->refs, 1);
	op->status = status;
	op->fail_subscribe = fail_subscribe;
	pthread_mutex_init(&op->mu, NULL);
	pthread_cond_init(&op->cv, NULL);
	atomic_init(&op->refs, 2);

	pthread_mutex_lock(&s->mu);
	if (s->tail)
		s->tail->next = op;
	else
		s->head = op;
	s->tail = op;
	pthread_cond_signal(&s->cv);
	pthread_mutex_unlock(&s->mu);
	return op;
}

int32_t kop_wait(kop *op) {
	atomic_fetch_add(&op->waits, 1);
	atomic_fetch_add(&blocked_waits, 1);
	pthread_mutex_lock(&op->mu);
	while (!atomic_load(&op->done))
		pthread_cond_wait(&op->cv, &op->mu);
	pthread_mutex_unlock(&op->mu);
	atomic_fetch_sub(&blocked_waits, 1);
	return op->status;
}

int32_t kop_poll(kop *op) {
	atomic_fetch_add(&op->polls, 1);
	if (!atomic_load(&op->done))
		return 0;
	return op->status < 0 ? op->status : 1;
}

int kop_subscribe(kop *op, int kind, void *fn, uintptr_t handle) {
	void *user = (void *)handle; // as a backend passes it to the driver
	atomic_fetch_add(&op->subscribes, 1);
	if (op->fail_subscribe)
		return -1;
	atomic_fetch_add(&op->registered, 1);
	pthread_mutex_lock(&op->mu);
	if (atomic_load(&op->done)) {
		// Already complete: like clSetEventCallback on a complete event,
		// call back at once, on the subscribing thread.
		pthread_mutex_unlock(&op->mu);
		fire(op, kind, fn, user);
		return 0;
	}
	op->cb_kind = kind;
	op->cb_fn = fn;
	op->cb_user = user;
	pthread_mutex_unlock(&op->mu);
	return 0;
}

int kop_done(const kop *op) { return atomic_load(&op->done); }

int64_t kop_end_ns(const kop *op) {
	kop *o = (kop *)op;
	pthread_mutex_lock(&o->mu);
	int64_t t = o->end_ns;
	pthread_mutex_unlock(&o->mu);
	return t;
}

void kop_counts(const kop *op, int32_t *waits, int32_t *polls, int32_t *subscribes, int32_t *registered, int32_t *callbacks) {
	*waits = atomic_load(&op->waits);
	*polls = atomic_load(&op->polls);
	*subscribes = atomic_load(&op->subscribes);
	*registered = atomic_load(&op->registered);
	*callbacks = atomic_load(&op->callbacks);
}

void kop_await_callback(kop *op) {
	pthread_mutex_lock(&op->mu);
	while (!op->cb_fired)
		pthread_cond_wait(&op->cv, &op->mu);
	pthread_mutex_unlock(&op->mu);
}

int32_t kop_blocked_waits(void) { return atomic_load(&blocked_waits); }
