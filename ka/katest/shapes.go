package katest

// This file checks that no shape ka accepts lets a kernel address outside
// its buffer: shapes whose element counts overflow are refused before
// anything is allocated, and every accepted matrix, volume and view of a
// view reads, at its corners, exactly the host's element on the device.

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka"
)

// MatrixAt copies element (at[0], at[1]) of m to out[0].
//
//ka:kernel
func MatrixAt(it ka.Item, m ka.Matrix[float32], at []int, out []float32) {
	out[0] = m.At(at[0], at[1])
}

// VolumeAt copies element (at[0], at[1], at[2]) of v to out[0].
//
//ka:kernel
func VolumeAt(it ka.Item, v ka.Volume[float32], at []int, out []float32) {
	out[0] = v.At(at[0], at[1], at[2])
}

func testShapes(t *testing.T, dev *ka.Device) {
	ctx := context.Background()
	refused := []struct {
		name string
		call func() error
		want error
	}{
		{"AllocVolume 1×2³²×2³²", func() error { _, err := ka.AllocVolume[float32](dev, 1, 1<<32, 1<<32); return err }, ka.ErrOutOfMemory},
		{"AllocVolume 1×3×6148914691236517206", func() error { _, err := ka.AllocVolume[float32](dev, 1, 3, 6148914691236517206); return err }, ka.ErrOutOfMemory},
		{"AllocVolume 0×2³²×2³²", func() error { _, err := ka.AllocVolume[float32](dev, 0, 1<<32, 1<<32); return err }, ka.ErrOutOfMemory},
		{"AllocVolume 2³¹×2³¹×4", func() error { _, err := ka.AllocVolume[float32](dev, 1<<31, 1<<31, 4); return err }, ka.ErrOutOfMemory},
		{"AllocVolume -1×2×2", func() error { _, err := ka.AllocVolume[float32](dev, -1, 2, 2); return err }, ka.ErrInvalid},
		{"AllocMatrix MaxInt×2", func() error { _, err := ka.AllocMatrix[float32](dev, math.MaxInt, 2); return err }, ka.ErrOutOfMemory},
		{"AllocMatrix 2×-1", func() error { _, err := ka.AllocMatrix[float32](dev, 2, -1); return err }, ka.ErrInvalid},
		{"VolumeFromSlice of a wrapped product", func() error {
			_, err := ka.VolumeFromSlice(ctx, dev, 1<<21, 1<<21, 1<<22, []float32{}) // 2^64 wraps to 0
			return err
		}, ka.ErrOutOfMemory},
		{"VolumeFromSlice 3×6148914691236517206", func() error {
			_, err := ka.VolumeFromSlice(ctx, dev, 1, 3, 6148914691236517206, []float32{1, 2}) // 3×that wraps to 2
			return err
		}, ka.ErrOutOfMemory},
		{"MatrixFromSlice of a wrapped product", func() error {
			_, err := ka.MatrixFromSlice(ctx, dev, 1<<32, 1<<32, []float32{}) // 2^64 wraps to 0
			return err
		}, ka.ErrOutOfMemory},
		{"MatrixFromSlice of too few elements", func() error { _, err := ka.MatrixFromSlice(ctx, dev, 2, 2, []float32{1}); return err }, ka.ErrInvalid},
	}
	for _, c := range refused {
		assert.ErrorIs(t, c.call(), c.want, c.name)
	}

	mk, err := ka.NewKernel(dev, MatrixAt)
	require.NoError(t, err)
	vk, err := ka.NewKernel(dev, VolumeAt)
	require.NoError(t, err)
	s := dev.Stream()
	at, err := ka.Alloc[int](dev, 3)
	require.NoError(t, err)
	out, err := ka.Alloc[float32](dev, 1)
	require.NoError(t, err)
	get := func(k *ka.Kernel, view any, idx ...int) (float32, error) {
		if err := at.Write(ctx, idx); err != nil {
			return 0, err
		}
		if err := k.Launch(s, ka.Range(1), view, at, out); err != nil {
			return 0, err
		}
		v := make([]float32, 1)
		err := out.Read(ctx, v)
		return v[0], err
	}

	// A 5×7 matrix, a view of it, a view of the view: each corner of
	// each is the host's element, and one past a corner is a fault.
	const rows, cols = 5, 7
	host := make([]float32, rows*cols)
	for i := range host {
		host[i] = float32(i + 1)
	}
	m, err := ka.MatrixFromSlice(ctx, dev, rows, cols, host)
	require.NoError(t, err)
	v1, err := m.Slice(1, 5, 2, 7)
	require.NoError(t, err)
	v2, err := v1.Slice(1, 4, 1, 5) // rows 2..4, columns 3..6 of m
	require.NoError(t, err)
	views := []struct {
		name   string
		m      *ka.Matrix[float32]
		r0, c0 int // its first element in m
	}{{"matrix", m, 0, 0}, {"view", v1, 1, 2}, {"view of a view", v2, 2, 3}}
	for _, v := range views {
		for _, ij := range [][2]int{{0, 0}, {0, v.m.Cols() - 1}, {v.m.Rows() - 1, 0}, {v.m.Rows() - 1, v.m.Cols() - 1}} {
			got, err := get(mk, v.m, ij[0], ij[1])
			require.NoError(t, err, "%s (%d, %d)", v.name, ij[0], ij[1])
			assert.Equal(t, host[(v.r0+ij[0])*cols+v.c0+ij[1]], got, "%s (%d, %d)", v.name, ij[0], ij[1])
		}
		for _, ij := range [][2]int{{v.m.Rows(), 0}, {0, v.m.Cols()}, {-1, 0}} {
			_, err := get(mk, v.m, ij[0], ij[1])
			var ke *ka.KernelError
			if assert.True(t, errors.As(err, &ke), "%s (%d, %d): got %v, want a *ka.KernelError", v.name, ij[0], ij[1], err) {
				// The fault is the kernel's, at its line, not in ka's code.
				assert.Equal(t, "shapes.go:26", filepath.Base(ke.File)+":"+strconv.Itoa(ke.Line), "%s (%d, %d)", v.name, ij[0], ij[1])
				assert.Equal(t, ka.FaultIndex, ke.Kind, "%s (%d, %d)", v.name, ij[0], ij[1])
			}
		}
	}
	_, err = v2.Slice(0, 4, 0, 1) // more rows than the view has
	assert.ErrorIs(t, err, ka.ErrInvalid)

	const depth = 3
	vhost := make([]float32, depth*rows*cols)
	for i := range vhost {
		vhost[i] = float32(-i - 1)
	}
	vol, err := ka.VolumeFromSlice(ctx, dev, depth, rows, cols, vhost)
	require.NoError(t, err)
	for _, ijk := range [][3]int{{0, 0, 0}, {depth - 1, rows - 1, cols - 1}, {1, rows - 1, 0}, {depth - 1, 0, cols - 1}} {
		got, err := get(vk, vol, ijk[0], ijk[1], ijk[2])
		require.NoError(t, err, "volume %v", ijk)
		assert.Equal(t, vhost[(ijk[0]*rows+ijk[1])*cols+ijk[2]], got, "volume %v", ijk)
	}
	for _, ijk := range [][3]int{{depth, 0, 0}, {0, rows, 0}, {0, 0, cols}, {0, -1, 0}} {
		_, err := get(vk, vol, ijk[0], ijk[1], ijk[2])
		var ke *ka.KernelError
		if assert.True(t, errors.As(err, &ke), "volume %v: got %v, want a *ka.KernelError", ijk, err) {
			assert.Equal(t, "shapes.go:33", filepath.Base(ke.File)+":"+strconv.Itoa(ke.Line), "volume %v", ijk)
			assert.Equal(t, ka.FaultIndex, ke.Kind, "volume %v", ijk)
		}
	}

	// The device is still usable after the faults, and an empty volume is
	// a valid argument.
	empty, err := ka.AllocVolume[float32](dev, 0, 4, 4)
	require.NoError(t, err)
	require.NoError(t, vk.Launch(s, ka.Range(0), empty, at, out))
	got, err := get(mk, m, rows-1, cols-1)
	require.NoError(t, err)
	assert.Equal(t, host[rows*cols-1], got)

	// Zero values, not made by ka, are refused, not dereferenced.
	var zm ka.Matrix[float32]
	var zv ka.Volume[float32]
	assert.ErrorIs(t, mk.Launch(s, ka.Range(1), &zm, at, out), ka.ErrBadLaunch)
	assert.ErrorIs(t, vk.Launch(s, ka.Range(1), &zv, at, out), ka.ErrBadLaunch)
	assert.ErrorIs(t, zm.Write(ctx, nil), ka.ErrInvalid)
	assert.ErrorIs(t, zv.Read(ctx, nil), ka.ErrInvalid)
	_, err = zm.Slice(0, 0, 0, 0)
	assert.ErrorIs(t, err, ka.ErrInvalid)
	assert.ErrorIs(t, zm.Free(), ka.ErrInvalid)

	for _, a := range []interface{ Free() error }{m, vol, empty, at, out} {
		require.NoError(t, a.Free())
	}
}
