// Simulated device queues served by C pthreads, for testing and benchmarking
// package sync the way real drivers use it. See cthreads.go.
#ifndef KAGO_CTHREADS_H
#define KAGO_CTHREADS_H

#include <stdint.h>

typedef struct kgate kgate;
typedef struct kop kop;
typedef struct kstream kstream;

// Callback kinds, matching the two trampolines of package sync.
enum { KOP_CB_NONE = 0, KOP_CB_HOST_FUNC = 1, KOP_CB_EVENT = 2 };

int64_t kop_now_ns(void);

kgate *kgate_new(void);
void kgate_open(kgate *g);
void kgate_unref(kgate *g);

kstream *kstream_new(void);
void kstream_close(kstream *s);

// kop_submit enqueues an operation. The returned op holds one reference for
// the caller (drop it with kop_unref); the stream holds another until the
// operation has completed and its callback, if any, has returned.
kop *kstream_submit(kstream *s, int64_t delay_ns, kgate *gate, int32_t status, int fail_subscribe);
void kop_unref(kop *op);

int32_t kop_wait(kop *op);
// kop_poll returns 0 while the operation runs, then 1, or its status if negative.
int32_t kop_poll(kop *op);
int kop_subscribe(kop *op, int kind, void *fn, uintptr_t user);
int kop_done(const kop *op);
int64_t kop_end_ns(const kop *op);
void kop_counts(const kop *op, int32_t *waits, int32_t *polls, int32_t *subscribes, int32_t *registered, int32_t *callbacks);
void kop_await_callback(kop *op);

int32_t kop_blocked_waits(void);

#endif
