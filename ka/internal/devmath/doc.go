// Package devmath holds package math's functions that kernels compile
// from Go source: Go's own code for them (Gamma, Lgamma), copied with
// their package-level coefficient arrays turned into constants, since
// kernels cannot read package-level variables. The front end inlines
// these functions where a kernel calls math.Gamma or math.Lgamma, and
// lowers the package math calls inside them as it does a kernel's own
// (codegen/math.go); the native backend calls package math itself.
// TestSameAsMath checks that every function computes exactly what package
// math computes.
package devmath
