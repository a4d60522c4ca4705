//go:build !cgo

package clcheck

import "fmt"

// Device is unavailable without cgo.
type Device struct{}

// Program is unavailable without cgo.
type Program struct{}

// Open reports that cgo is needed.
func Open() (*Device, error) { return nil, fmt.Errorf("%w: built without cgo", ErrUnavailable) }

// Build is never reached without cgo.
func (d *Device) Build(src string) (*Program, error) { return nil, ErrUnavailable }

// Run is never reached without cgo.
func (p *Program) Run(kernel string, global, local []int, args ...any) error { return ErrUnavailable }

// Release does nothing without cgo.
func (p *Program) Release() {}
