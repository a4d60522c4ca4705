package ptx

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMadFusion checks mad.go: a multiply whose only use is an add of the
// same block becomes one mad.lo with it, unless a value computed into a
// phi's register (coalesce.go) comes between them: there k*3 reads the
// counter k, and k+1, written into k's register after it, must not be
// what the add's mad reads. The second store's k*5+2 has nothing between.
func TestMadFusion(t *testing.T) {
	body := loopBody(t, `
define spir_kernel void @K(i64 addrspace(1)* %out.ptr, i64 %out.len, i64 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %head
head:
	%k = phi i64 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i64 %k, %n
	br i1 %c, label %body, label %exit
body:
	%m = mul i64 %k, 3
	%k1 = add i64 %k, 1
	%s = add i64 %m, 7
	store i64 %s, i64 addrspace(1)* %out.ptr
	%m5 = mul i64 %n, 5
	%t = add i64 %m5, 2
	store i64 %t, i64 addrspace(1)* %out.ptr
	br label %head
exit:
	ret void
}
`)
	assert.Contains(t, body, "mul.lo.s64", "k*3 stays a multiply: k+1 is written into k's register before the add:\n%s", body)
	assert.NotContains(t, body, ", 3, 7;", body)
	assert.Contains(t, body, ", 5, 2;", "n*5+2 is one mad:\n%s", body)
	assert.Equal(t, 1, strings.Count(body, "mad.lo.s64"), body)
	assert.NotContains(t, body, "mov.b64", "k+1 is computed in k's register:\n%s", body)
}

// TestWideAddress checks mad.go's second fusion: an address base +
// ext(i)*size whose index is a sext or zext to i64 used nowhere else is
// one mad.wide of the narrow register, .s32 for a sign extension and
// .u32 for a zero extension (of a byte load's register, which ld.u8 has
// zero-extended), even for an address of bytes. Not fused: an extension with a second use, and one whose source
// register (the i32 counter k) is rewritten between the extension and
// the address: k+1 is written into k's register there.
func TestWideAddress(t *testing.T) {
	body := loopBody(t, `
define spir_kernel void @K(float addrspace(1)* %f.ptr, i64 %f.len, i8 addrspace(1)* %b.ptr, i64 %b.len, i32 %n, i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	br label %head
head:
	%k = phi i32 [ 0, %entry ], [ %k1, %body ]
	%c = icmp slt i32 %k, %n
	br i1 %c, label %body, label %exit
body:
	%ek = sext i32 %k to i64
	%k1 = add i32 %k, 1
	%pk = getelementptr float, float addrspace(1)* %f.ptr, i64 %ek
	store float 1.0, float addrspace(1)* %pk
	%byte = load i8, i8 addrspace(1)* %b.ptr
	%zb = zext i8 %byte to i64
	%pb = getelementptr float, float addrspace(1)* %f.ptr, i64 %zb
	store float 2.0, float addrspace(1)* %pb
	%en = sext i32 %n to i64
	%pn = getelementptr float, float addrspace(1)* %f.ptr, i64 %en
	store float 3.0, float addrspace(1)* %pn
	%pn2 = getelementptr i8, i8 addrspace(1)* %b.ptr, i64 %en
	store i8 4, i8 addrspace(1)* %pn2
	%en3 = sext i32 %n to i64
	%p3 = getelementptr i8, i8 addrspace(1)* %b.ptr, i64 %en3
	store i8 5, i8 addrspace(1)* %p3
	br label %head
exit:
	ret void
}
`)
	assert.Equal(t, 2, strings.Count(body, "cvt.s64.s32"), "k's extension (k+1 comes between) and n's (two uses) stay:\n%s", body)
	assert.NotContains(t, body, "cvt.u64.u32", "the byte's zero extension is in its mad.wide:\n%s", body)
	assert.Equal(t, 1, strings.Count(body, "mad.wide.u32"), body)
	assert.Equal(t, 1, strings.Count(body, "mad.wide.s32"), "the byte address of n:\n%s", body)
	assert.Regexp(t, `mad\.wide\.s32 %rd[0-9]+, %r[0-9]+, 1, %rd[0-9]+;`, body)
	k := regexp.MustCompile(`cvt\.s64\.s32 %rd[0-9]+, (%r[0-9]+);`).FindStringSubmatch(body)
	if assert.NotNil(t, k, body) {
		assert.Contains(t, body, "add.s32 "+k[1]+", "+k[1]+", 1;", "k+1 is computed in k's register")
	}
}
