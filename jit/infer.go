package jit

// This file infers a generic kernel instance's type arguments from the
// reflect.Type of the function value (the symbol name has only "[...]").

import (
	"fmt"
	"go/types"
	"reflect"
)

// inferTypeArgs matches the declared parameters of the generic function
// base in pkg against typ's parameters.
func inferTypeArgs(pkg *types.Package, base string, typ reflect.Type) ([]string, error) {
	fn, ok := pkg.Scope().Lookup(base).(*types.Func)
	if !ok {
		return nil, fmt.Errorf("jit: no function %s in %s", base, pkg.Path())
	}
	sig := fn.Type().(*types.Signature)
	tparams := sig.TypeParams()
	if tparams.Len() == 0 {
		return nil, fmt.Errorf("jit: %s is not generic", base)
	}
	if sig.Params().Len() != typ.NumIn() {
		return nil, fmt.Errorf("jit: %s has %d parameters, the function value %d", base, sig.Params().Len(), typ.NumIn())
	}
	args := make([]string, tparams.Len())
	for i := 0; i < typ.NumIn(); i++ {
		decl, rt := sig.Params().At(i).Type(), typ.In(i)
		if s, ok := decl.(*types.Slice); ok && rt.Kind() == reflect.Slice {
			decl, rt = s.Elem(), rt.Elem()
		}
		tp, ok := decl.(*types.TypeParam)
		if !ok {
			continue
		}
		name := rt.String()
		if rt.PkgPath() == pkg.Path() {
			name = rt.Name() // a named type of the kernel's package
		}
		args[tp.Index()] = name
	}
	for i, a := range args {
		if a == "" {
			return nil, fmt.Errorf("jit: cannot infer type parameter %s of %s from %s", tparams.At(i).Obj().Name(), base, typ)
		}
	}
	return args, nil
}
