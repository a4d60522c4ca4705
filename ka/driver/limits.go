package driver

// MaxGroupDim bounds a work-group's size in each dimension: ka refuses a
// launch whose group is larger (every device kago knows allows far less).
// The code generator relies on it: a local id is below MaxGroupDim, so
// index arithmetic on local ids provably fits in 32 bits
// (codegen/internal/narrow).
const MaxGroupDim = 1 << 16
