package kernel

// This file holds the element access of ka.Matrix and ka.Volume, which
// their At, Set and Ptr methods and the group functions kago gen writes
// share. A group function does not call the methods: ka.Matrix is too
// large a struct for Go to keep in registers, so an inlined method copies
// it on every access (6–7× the time of the same stencil on a flat slice).
// It takes the matrix apart once (Matrix.View), into a slice, the two
// extents and the stride, which Go keeps in registers, and calls these.
//
// An extent is a []struct{} as long as the dimension: indexing it is Go's
// own bounds check (the panic message and the prove pass's facts are
// Go's), and costs no memory. These functions are small enough to inline,
// and they live in this package, which a fault's position passes over, so
// a fault names the kernel's line.

// At2 is element (i, j) of the row-major matrix data with extents rows and
// cols and the given stride.
func At2[T any](data []T, rows, cols []struct{}, stride, i, j int) T {
	_, _ = rows[i], cols[j]
	return data[i*stride+j]
}

// Set2 sets element (i, j) to v.
func Set2[T any](data []T, rows, cols []struct{}, stride, i, j int, v T) {
	_, _ = rows[i], cols[j]
	data[i*stride+j] = v
}

// Ptr2 is the address of element (i, j).
func Ptr2[T any](data []T, rows, cols []struct{}, stride, i, j int) *T {
	_, _ = rows[i], cols[j]
	return &data[i*stride+j]
}

// At3 is element (i, j, k) of the volume data with extents depth, rows and
// cols, planeStride elements from one layer to the next and stride from
// one row to the next.
func At3[T any](data []T, depth, rows, cols []struct{}, planeStride, stride, i, j, k int) T {
	_, _, _ = depth[i], rows[j], cols[k]
	return data[i*planeStride+j*stride+k]
}

// Set3 sets element (i, j, k) to v.
func Set3[T any](data []T, depth, rows, cols []struct{}, planeStride, stride, i, j, k int, v T) {
	_, _, _ = depth[i], rows[j], cols[k]
	data[i*planeStride+j*stride+k] = v
}

// Ptr3 is the address of element (i, j, k).
func Ptr3[T any](data []T, depth, rows, cols []struct{}, planeStride, stride, i, j, k int) *T {
	_, _, _ = depth[i], rows[j], cols[k]
	return &data[i*planeStride+j*stride+k]
}
