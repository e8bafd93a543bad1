// A generic whose body reads another tensor at computed indices (torch-mlir's GatherElements:
// `tensor.extract` in the body). %t is filled before the gather but read by it afterwards, so
// the fill must not be in place: the body's read counts as a read of %t by the generic.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather_in_body(%a: tensor<3x4xf32>, %idx: tensor<3x2xi64>) -> (tensor<3x2xf32>, tensor<3x4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %t = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<3x4xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%t : tensor<3x4xf32>) -> tensor<3x4xf32>
  %e2 = tensor.empty() : tensor<3x2xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<3x2xi64>) outs(%e2 : tensor<3x2xf32>) {
  ^bb0(%i: i64, %o: f32):
    %row = linalg.index 0 : index
    %i_abs = math.absi %i : i64
    %c4 = arith.constant 4 : i64
    %col64 = arith.remsi %i_abs, %c4 : i64
    %col = arith.index_cast %col64 : i64 to index
    %v = tensor.extract %t[%row, %col] : tensor<3x4xf32>
    linalg.yield %v : f32
  } -> tensor<3x2xf32>
  return %g, %filled : tensor<3x2xf32>, tensor<3x4xf32>
}
