// squeezenet: made by Inputs/make_inputs.py (onnx.helper model, torch-mlir lowering); do not edit.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @squeezenet_old(%arg0: tensor<1x3x224x224xf32>) -> tensor<1x1000x1x1xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<[-0.0143741574, 0.160943121, -0.0165572576, 0.00531461183, -0.0421839096, -0.0792503729, 0.189242646, 0.133442491, 0.0319504067, 0.0684419721, -0.0494850129, 0.00468583638, -0.0111201638, 0.0606028214, 0.263433844, 0.00328992377, 0.0549327023, 3.915710e-02, 0.130508929, 0.0078067882, -0.0123151513, 0.056971848, 0.118770085, 0.043747738, -0.0469916947, 0.00219176477, 0.170421928, 7.926240e-03, 0.0502764136, 0.0362138674, -0.0533801354, 0.00807651318, 0.0146855582, 0.103576772, 0.00427307189, -0.00942260772, 0.0211739391, -0.00824648514, -0.0439642258, -0.00515688071, -0.0244601108, -0.030417094, -0.0268764775, -0.00101417874, -0.0420853756, 0.0442580022, 0.063461788, 0.195876852, 0.0292494185, 0.015026913, 6.397560e-02, 0.164964259, 0.0440055542, -0.0330545455, 0.00458009401, 0.00346950325, 0.0143194366, 0.0529624298, -0.0633247942, 0.0636934862, 0.0518886037, -0.0128369099, 0.0485497676, -0.0242147762]> : tensor<64xf32>
    %cst_2 = arith.constant dense<[9.00579034E-4, 0.0631857514, 0.0319540128, 0.0492796339, -2.00289956E-4, 0.048647929, -0.0312093217, 0.0352019481, 0.103168912, 0.14602302, 0.0586968027, 0.0500284247, 9.927210e-02, -0.00287592364, -0.0155168716, -0.00295909285, 5.228160e-02, -0.00279338309, 0.109580666, -0.041211132, 0.137215719, -0.0424733497, 0.057262063, 0.0655204355, 0.0843371153, 0.00866268761, -0.0237108245, 0.0480730273, -0.0600555278, 0.0362028852, 0.0267867502, 0.0894785225, 0.0132499179, -0.00242441869, 0.0166192353, 0.0248600394, -0.00995640456, -3.319790e-02, 0.0229483806, -0.00713215722, -5.751150e-02, 0.0359795019, -0.0213177949, 4.678640e-02, 0.0564056635, 0.0397328883, 0.00554167852, -0.00338309072, 0.0106016137, -0.0037965267, 0.0217624474, 0.0295667686, -0.0391012244, 0.00261445576, -0.0334076285, -0.0126705794, -0.0196231585, -0.041521918, 0.0340713896, 9.876500e-02, 0.0216883514, 0.00778680947, 0.0226662178, 0.0051534255]> : tensor<64xf32>
    %cst_3 = arith.constant dense<[0.0593859293, 0.0238991398, 0.0265223086, -0.0144855594, 0.0186822247, 0.00758772576, -0.00346166245, -0.0189051945, -0.00452281581, -0.00825147517, 0.0174391102, 0.0259393137, -0.0133084552, 0.0134391235, -0.001286129, -0.0267597828, -0.0245459769, 2.270570e-02, 0.0742389113, -0.0360359475, 0.0225194842, -0.0177461375, -0.00943510327, -0.0228584148, 0.0130550349, -0.00797520112, -0.0361551419, 0.012450424, -0.00629368098, 0.0223097168, 0.040127039, -0.00826775935, -0.0201109704, -0.0213858373, 0.0442952253, 0.00316926511, -0.0104760248, -0.051778391, -0.0112739708, 0.011509994, 0.0441713855, 0.00383512815, 0.0150664169, -0.0235976372, -0.010668817, 0.0224993154, -0.01346986, -0.0285923276, 0.0157535691, -0.0184202306, 0.0291787144, 0.0187589545, -0.022741003, -0.0235108417, -0.00994319655, -0.0151781086, 0.0681616813, 0.0224516075, 0.00816160347, -0.0043257121, 0.00670968695, -0.0157494433, -0.0242822561, 0.0080881156]> : tensor<64xf32>
    %cst_4 = arith.constant dense<[-0.0707879066, 0.047747504, 0.0261153448, 0.00384977018, -0.0242519453, 0.123092338, 0.110634387, -0.1164096, -5.291640e-02, 0.206096023, 0.0955385342, 9.83016288E-5, 0.183742091, 0.0604854822, -0.0636717603, 0.242732152]> : tensor<16xf32>
    %cst_5 = arith.constant dense<[-0.0123062581, -0.0284409281, 3.45118169E-4, -0.0578877442, -0.0363518745, -0.0413135514, -0.0144396508, 0.130118221, -0.0394599363, -0.0579007231, -0.0137177277, -0.034319628, 0.0215547271, -0.0575861111, 0.0322108977, -0.027865652, -0.0670367703, -0.0232500099, -0.0472271219, 2.314510e-02, 0.0276351571, -0.027526442, 0.0403066464, 0.027261015, 0.0248354822, -3.266720e-02, 0.0318505876, 1.046860e-02, 0.0405716076, 0.0567846596, -0.015934458, -0.0140672671, 0.0941112787, -0.00991994515, 0.02100843, 0.0501749478, -0.0366528966, 0.0799882784, -0.00959819555, 0.304243267, 0.055702813, -0.0512428358, 0.0746667534, -0.0260506663, 0.0497737937, 0.030823024, 0.0180538241, 0.0331486687, -0.04917733, -0.0331386253, -0.0530187711, 0.0282344855, -0.0232183598, 0.0195367038, -0.00286336313, -0.00462044356, 0.0458258875, 0.0213299543, 0.0469963886, -0.00183006085, -0.0239471607, 0.0141739473, 0.0257415306, -0.0186116584]> : tensor<64xf32>
    %cst_6 = arith.constant dense<[-0.0209235046, -0.0300810672, -0.00604411913, 0.0238693208, 0.0166127533, -3.123530e-02, -0.0257787742, 0.0194951892, -0.00187488541, -0.0488205887, -6.312960e-03, -0.0412018523, 0.0705781057, -0.00618529972, -0.0536147878, -0.0083210757, -0.0269588307, 0.026296122, -0.00800309051, -0.00721515389, -0.0040995935, 0.0122176539, -0.00631208625, -0.0147133702, 0.0225449651, 0.0459165424, -0.0220701117, 0.00217710761, 0.00926466379, 0.0229950342, 0.00336799887, 0.0202199072, 0.00509420084, -0.00251163938, -2.194150e-02, -0.0139459642, 0.0155963479, -0.0129927825, 0.0411358327, -0.00600784598, -0.00797252543, 0.0116539169, 0.0427907258, -0.0113656772, -0.0243096333, -0.017649347, -0.0462860726, 0.00524843391, -0.0146219749, 0.0072664097, -0.0359267704, -0.022699222, -0.0175348967, -0.014686076, 0.048350174, -0.00721514318, 0.081073977, -0.0315271467, -0.00994653347, -0.0202847663, 0.0116936332, 0.103297971, -0.0239954032, 0.0136095555]> : tensor<64xf32>
    %cst_7 = arith.constant dense<[0.126009226, 0.177799046, -0.101416856, -0.0347842574, 0.0644437671, 0.326753348, 0.111977957, 0.0170132425, 0.0766122118, 0.133217603, 0.0278144404, 0.066823028, -0.00859330874, 0.0863938183, -0.00519463187, 0.118287563]> : tensor<16xf32>
    %cst_8 = arith.constant dense<[-0.00381866796, 0.0174758807, -0.0456511304, -0.00428812718, -0.0358813629, 0.0268566553, -0.0220731143, 0.0298534986, 0.0561955459, -0.0439966768, 0.104690939, 0.0308451988, 0.0210151728, 0.0737273619, -0.10886015, -0.103220262, -0.0980870798, -0.00395000447, 0.110274844, -0.00787747651, -0.0694417581, 0.138828516, 0.0815369263, 0.0273586605, -0.0412783325, -3.02628876E-4, -0.0228866078, 0.0842395797, 0.128760651, 0.0178253949, 0.041251611, 0.0487152711]> : tensor<32xf32>
    %cst_9 = arith.constant dense<[0.0555197969, -0.00118280831, 0.152122408, 0.0280992612, 0.103801779, -0.19417657, 0.0552425869, -0.0647512451, 0.00468535628, -0.100928813, -0.00641881954, 0.0497183464, 0.00597512256, -0.0177068915, 0.0194984432, 0.0701871738, 0.0384454094, -0.0188272763, 0.0507914387, 0.10478124, 0.0561902188, 0.0171281062, -0.0252630655, 0.00263594976, 0.111063153, -1.68447834E-4, 0.0340244398, 0.089795798, -0.0821184515, -0.0116013018, 0.0716105327, 0.0795862376]> : tensor<32xf32>
    %cst_10 = arith.constant dense<[0.0167460926, -0.00203714194, -0.0607704073, 0.0597160533, 0.0808726623, 0.00500707282, -0.0169716571, 0.0729454607, -0.0361745171, -0.0058519654, -0.00783953723, 0.0547192693, 0.0229321867, -0.0335309654, 0.0365246162, 0.0411251187, 0.0087276306, 0.0210032538, -0.0113108335, 0.00569340587, 0.0403194129, -0.0298152063, 0.0032439467, -0.0361651368, -0.0844223126, -0.0107982485, -0.0350628234, 0.0398751609, -5.468970e-02, -0.0326436386, -0.0821038038, 0.0150760422, 0.00354494201, -0.120549642, 0.115262516, -0.00850300118, 0.00519041438, 0.0338950045, 0.00316796498, 0.0520538725, -0.0301935542, -0.0146257095, -0.0190227907, 0.0715874285, 0.058679454, 0.0713000298, -0.0611549877, 0.134696856]> : tensor<48xf32>
    %cst_11 = arith.constant dense<[0.0472030118, 0.0154893817, 0.168426424, 0.0234572403, -6.14986813E-4, -0.028771136, 0.0638153702, 0.0646899715, 0.0393133499, 0.075124979, 0.137417361, -0.192709148, 0.00776884099, 0.0216388572, 0.039137017, 0.129098281, 0.100678556, 0.0891914069, -0.0144698787, -0.0585558712, -0.124589518, 0.100114547, -4.669890e-02, 0.0966624096, -0.0473114774, -0.105006948, -0.151464373, 0.118710205, 0.0550535731, -0.0736283585, -0.116071254, 0.0872193276, -0.0178857837, 0.0208947398, -0.0560699739, 0.146842822, -0.0112452619, 0.00182745769, 0.0722395405, -0.0515738577, -0.0660997778, -0.0414832942, 0.106538802, 0.0839456543, -0.00582553772, 0.00280931685, 0.0365853682, 0.0819616988]> : tensor<48xf32>
    %cst_12 = arith.constant dense<[1.34627879, -0.0905323103, 0.0997165143, -0.137909859, 0.0295991935, -0.113536097, -0.109589711, -0.0974335595, 0.124961257, 0.0675899908, 0.0438800417, -0.119775556, -1.21534765, 0.0483122431, 0.380437165, 0.104613848, 0.0855635702, -0.0274046846, 0.0336211286, -0.151424348, 0.0166235827, -0.112927243, 0.0213651191, -0.0511455573, 0.083199121, 0.141852245, 0.0126017202, 0.0477053225, -0.300063878, -0.765575587, 0.35376358, 0.0275587738, -0.259057105, -0.0692129955, -0.044005394, 0.235239685, 0.0436399952, 0.120797902, -0.0510152243, 0.0218800604, 0.0240174625, 0.299058288, 0.200615913, 2.25393701, -0.199861914, 0.0982753187, 7.06550455, 0.0215287562, 0.245981634, -0.00171173597, 0.179727465, -6.430730e-02, -0.0117341476, 0.0817634239, -0.0954722836, 0.114707544, -0.286578715, -0.293161303, -0.111182429, 0.0317605324, -1.696510e-02, -0.352416873, -0.0823957771, 0.00470494432]> : tensor<64xf32>
    %cst_13 = arith.constant dense<[0.0801437348, -0.0468013473, -0.117643341, 0.106987119, -0.00847030897, -0.540569842, 0.0523235388, 0.0252921563, 0.0961629897, -0.0708819181, -0.129257768, -0.0333051682, 0.00176373147, -0.0821941196, -0.0442884788, 0.148611099, -0.0513345636, -0.120436363, -0.115950666, -0.113634586, -1.503780e-01, 0.11025276, 0.0717659071, -0.242731839, 0.111564018, -0.248015583, -0.0463455319, 0.0302379448, -0.0250493698, 0.0339699239, -0.0504612923, 0.18265906, -0.0502604172, -0.0775122792, -0.0314597562, -0.0741847232, -0.0171789359, 0.0942489952, 0.14540711, 0.1080404, -0.067463465, 0.00759321079, 0.464103431, 0.00147800148, -0.942070246, -0.0914765894, -0.160895139, -0.0473047681, -0.00812999159, -0.009875522, 0.00387981837, 0.0714932457, 0.0653379709, -0.079079628, -0.00583526911, -0.019068839, -0.0777994766, -0.0814907104, 0.226792291, -5.440900e-01, 0.268344313, -0.127650186, -0.0908286571, -0.0597377867]> : tensor<64xf32>
    %cst_14 = arith.constant dense<2.000000e-02> : tensor<1000x512x1x1xf32>
    %cst_15 = arith.constant dense<2.000000e-02> : tensor<64x3x3x3xf32>
    %cst_16 = arith.constant dense<2.000000e-02> : tensor<64x16x1x1xf32>
    %cst_17 = arith.constant dense<2.000000e-02> : tensor<64x16x3x3xf32>
    %cst_18 = arith.constant dense<2.000000e-02> : tensor<16x64x1x1xf32>
    %cst_19 = arith.constant dense<2.000000e-02> : tensor<16x128x1x1xf32>
    %cst_20 = arith.constant dense<2.000000e-02> : tensor<128x32x1x1xf32>
    %cst_21 = arith.constant dense<2.000000e-02> : tensor<128x32x3x3xf32>
    %cst_22 = arith.constant dense<2.000000e-02> : tensor<32x128x1x1xf32>
    %cst_23 = arith.constant dense<2.000000e-02> : tensor<32x256x1x1xf32>
    %cst_24 = arith.constant dense<2.000000e-02> : tensor<192x48x1x1xf32>
    %cst_25 = arith.constant dense<2.000000e-02> : tensor<192x48x3x3xf32>
    %cst_26 = arith.constant dense<2.000000e-02> : tensor<48x256x1x1xf32>
    %cst_27 = arith.constant dense<2.000000e-02> : tensor<48x384x1x1xf32>
    %cst_28 = arith.constant dense<2.000000e-02> : tensor<256x64x1x1xf32>
    %cst_29 = arith.constant dense<2.000000e-02> : tensor<256x64x3x3xf32>
    %cst_30 = arith.constant dense<2.000000e-02> : tensor<64x384x1x1xf32>
    %cst_31 = arith.constant dense<2.000000e-02> : tensor<64x512x1x1xf32>
    %cst_32 = arith.constant dense<2.000000e-02> : tensor<1x128x27x27xf32>
    %cst_33 = arith.constant dense<2.000000e-02> : tensor<1x192x13x13xf32>
    %cst_34 = arith.constant dense<2.000000e-02> : tensor<1x256x13x13xf32>
    %cst_35 = arith.constant dense<2.000000e-02> : tensor<1x1000x13x13xf32>
    %cst_36 = arith.constant 1.690000e+02 : f32
    %0 = tensor.empty() : tensor<1x64x111x111xf32>
    %broadcasted = linalg.broadcast ins(%cst_1 : tensor<64xf32>) outs(%0 : tensor<1x64x111x111xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %cst_15 : tensor<1x3x224x224xf32>, tensor<64x3x3x3xf32>) outs(%broadcasted : tensor<1x64x111x111xf32>) -> tensor<1x64x111x111xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x64x111x111xf32>) outs(%0 : tensor<1x64x111x111xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x111x111xf32>
    %3 = tensor.empty() : tensor<1x64x55x55xf32>
    %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<1x64x55x55xf32>) -> tensor<1x64x55x55xf32>
    %5 = tensor.empty() : tensor<3x3xf32>
    %6 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%2, %5 : tensor<1x64x111x111xf32>, tensor<3x3xf32>) outs(%4 : tensor<1x64x55x55xf32>) -> tensor<1x64x55x55xf32>
    %7 = tensor.empty() : tensor<1x16x55x55xf32>
    %broadcasted_37 = linalg.broadcast ins(%cst_4 : tensor<16xf32>) outs(%7 : tensor<1x16x55x55xf32>) dimensions = [0, 2, 3] 
    %8 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%6, %cst_18 : tensor<1x64x55x55xf32>, tensor<16x64x1x1xf32>) outs(%broadcasted_37 : tensor<1x16x55x55xf32>) -> tensor<1x16x55x55xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<1x16x55x55xf32>) outs(%7 : tensor<1x16x55x55xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x16x55x55xf32>
    %broadcasted_38 = linalg.broadcast ins(%cst_2 : tensor<64xf32>) outs(%3 : tensor<1x64x55x55xf32>) dimensions = [0, 2, 3] 
    %10 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%9, %cst_16 : tensor<1x16x55x55xf32>, tensor<64x16x1x1xf32>) outs(%broadcasted_38 : tensor<1x64x55x55xf32>) -> tensor<1x64x55x55xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<1x64x55x55xf32>) outs(%3 : tensor<1x64x55x55xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x55x55xf32>
    %padded = tensor.pad %9 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x16x55x55xf32> to tensor<1x16x57x57xf32>
    %broadcasted_39 = linalg.broadcast ins(%cst_3 : tensor<64xf32>) outs(%3 : tensor<1x64x55x55xf32>) dimensions = [0, 2, 3] 
    %12 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_17 : tensor<1x16x57x57xf32>, tensor<64x16x3x3xf32>) outs(%broadcasted_39 : tensor<1x64x55x55xf32>) -> tensor<1x64x55x55xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<1x64x55x55xf32>) outs(%3 : tensor<1x64x55x55xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x55x55xf32>
    %concat = tensor.concat dim(1) %11, %13 : (tensor<1x64x55x55xf32>, tensor<1x64x55x55xf32>) -> tensor<1x128x55x55xf32>
    %broadcasted_40 = linalg.broadcast ins(%cst_7 : tensor<16xf32>) outs(%7 : tensor<1x16x55x55xf32>) dimensions = [0, 2, 3] 
    %14 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%concat, %cst_19 : tensor<1x128x55x55xf32>, tensor<16x128x1x1xf32>) outs(%broadcasted_40 : tensor<1x16x55x55xf32>) -> tensor<1x16x55x55xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x16x55x55xf32>) outs(%7 : tensor<1x16x55x55xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x16x55x55xf32>
    %broadcasted_41 = linalg.broadcast ins(%cst_5 : tensor<64xf32>) outs(%3 : tensor<1x64x55x55xf32>) dimensions = [0, 2, 3] 
    %16 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%15, %cst_16 : tensor<1x16x55x55xf32>, tensor<64x16x1x1xf32>) outs(%broadcasted_41 : tensor<1x64x55x55xf32>) -> tensor<1x64x55x55xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x64x55x55xf32>) outs(%3 : tensor<1x64x55x55xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x55x55xf32>
    %padded_42 = tensor.pad %15 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x16x55x55xf32> to tensor<1x16x57x57xf32>
    %broadcasted_43 = linalg.broadcast ins(%cst_6 : tensor<64xf32>) outs(%3 : tensor<1x64x55x55xf32>) dimensions = [0, 2, 3] 
    %18 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_42, %cst_17 : tensor<1x16x57x57xf32>, tensor<64x16x3x3xf32>) outs(%broadcasted_43 : tensor<1x64x55x55xf32>) -> tensor<1x64x55x55xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18 : tensor<1x64x55x55xf32>) outs(%3 : tensor<1x64x55x55xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x55x55xf32>
    %concat_44 = tensor.concat dim(1) %17, %19 : (tensor<1x64x55x55xf32>, tensor<1x64x55x55xf32>) -> tensor<1x128x55x55xf32>
    %20 = tensor.empty() : tensor<1x128x27x27xf32>
    %21 = linalg.fill ins(%cst_0 : f32) outs(%20 : tensor<1x128x27x27xf32>) -> tensor<1x128x27x27xf32>
    %22 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%concat_44, %5 : tensor<1x128x55x55xf32>, tensor<3x3xf32>) outs(%21 : tensor<1x128x27x27xf32>) -> tensor<1x128x27x27xf32>
    %23 = tensor.empty() : tensor<1x32x27x27xf32>
    %broadcasted_45 = linalg.broadcast ins(%cst_8 : tensor<32xf32>) outs(%23 : tensor<1x32x27x27xf32>) dimensions = [0, 2, 3] 
    %24 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%22, %cst_22 : tensor<1x128x27x27xf32>, tensor<32x128x1x1xf32>) outs(%broadcasted_45 : tensor<1x32x27x27xf32>) -> tensor<1x32x27x27xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<1x32x27x27xf32>) outs(%23 : tensor<1x32x27x27xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x32x27x27xf32>
    %26 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%25, %cst_20 : tensor<1x32x27x27xf32>, tensor<128x32x1x1xf32>) outs(%cst_32 : tensor<1x128x27x27xf32>) -> tensor<1x128x27x27xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<1x128x27x27xf32>) outs(%20 : tensor<1x128x27x27xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x128x27x27xf32>
    %padded_46 = tensor.pad %25 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x32x27x27xf32> to tensor<1x32x29x29xf32>
    %28 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_46, %cst_21 : tensor<1x32x29x29xf32>, tensor<128x32x3x3xf32>) outs(%cst_32 : tensor<1x128x27x27xf32>) -> tensor<1x128x27x27xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<1x128x27x27xf32>) outs(%20 : tensor<1x128x27x27xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x128x27x27xf32>
    %concat_47 = tensor.concat dim(1) %27, %29 : (tensor<1x128x27x27xf32>, tensor<1x128x27x27xf32>) -> tensor<1x256x27x27xf32>
    %broadcasted_48 = linalg.broadcast ins(%cst_9 : tensor<32xf32>) outs(%23 : tensor<1x32x27x27xf32>) dimensions = [0, 2, 3] 
    %30 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%concat_47, %cst_23 : tensor<1x256x27x27xf32>, tensor<32x256x1x1xf32>) outs(%broadcasted_48 : tensor<1x32x27x27xf32>) -> tensor<1x32x27x27xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30 : tensor<1x32x27x27xf32>) outs(%23 : tensor<1x32x27x27xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x32x27x27xf32>
    %32 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%31, %cst_20 : tensor<1x32x27x27xf32>, tensor<128x32x1x1xf32>) outs(%cst_32 : tensor<1x128x27x27xf32>) -> tensor<1x128x27x27xf32>
    %33 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32 : tensor<1x128x27x27xf32>) outs(%20 : tensor<1x128x27x27xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x128x27x27xf32>
    %padded_49 = tensor.pad %31 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x32x27x27xf32> to tensor<1x32x29x29xf32>
    %34 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_49, %cst_21 : tensor<1x32x29x29xf32>, tensor<128x32x3x3xf32>) outs(%cst_32 : tensor<1x128x27x27xf32>) -> tensor<1x128x27x27xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<1x128x27x27xf32>) outs(%20 : tensor<1x128x27x27xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x128x27x27xf32>
    %concat_50 = tensor.concat dim(1) %33, %35 : (tensor<1x128x27x27xf32>, tensor<1x128x27x27xf32>) -> tensor<1x256x27x27xf32>
    %36 = tensor.empty() : tensor<1x256x13x13xf32>
    %37 = linalg.fill ins(%cst_0 : f32) outs(%36 : tensor<1x256x13x13xf32>) -> tensor<1x256x13x13xf32>
    %38 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%concat_50, %5 : tensor<1x256x27x27xf32>, tensor<3x3xf32>) outs(%37 : tensor<1x256x13x13xf32>) -> tensor<1x256x13x13xf32>
    %39 = tensor.empty() : tensor<1x48x13x13xf32>
    %broadcasted_51 = linalg.broadcast ins(%cst_10 : tensor<48xf32>) outs(%39 : tensor<1x48x13x13xf32>) dimensions = [0, 2, 3] 
    %40 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%38, %cst_26 : tensor<1x256x13x13xf32>, tensor<48x256x1x1xf32>) outs(%broadcasted_51 : tensor<1x48x13x13xf32>) -> tensor<1x48x13x13xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<1x48x13x13xf32>) outs(%39 : tensor<1x48x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x48x13x13xf32>
    %42 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%41, %cst_24 : tensor<1x48x13x13xf32>, tensor<192x48x1x1xf32>) outs(%cst_33 : tensor<1x192x13x13xf32>) -> tensor<1x192x13x13xf32>
    %43 = tensor.empty() : tensor<1x192x13x13xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<1x192x13x13xf32>) outs(%43 : tensor<1x192x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x192x13x13xf32>
    %padded_52 = tensor.pad %41 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x48x13x13xf32> to tensor<1x48x15x15xf32>
    %45 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_52, %cst_25 : tensor<1x48x15x15xf32>, tensor<192x48x3x3xf32>) outs(%cst_33 : tensor<1x192x13x13xf32>) -> tensor<1x192x13x13xf32>
    %46 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45 : tensor<1x192x13x13xf32>) outs(%43 : tensor<1x192x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x192x13x13xf32>
    %concat_53 = tensor.concat dim(1) %44, %46 : (tensor<1x192x13x13xf32>, tensor<1x192x13x13xf32>) -> tensor<1x384x13x13xf32>
    %broadcasted_54 = linalg.broadcast ins(%cst_11 : tensor<48xf32>) outs(%39 : tensor<1x48x13x13xf32>) dimensions = [0, 2, 3] 
    %47 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%concat_53, %cst_27 : tensor<1x384x13x13xf32>, tensor<48x384x1x1xf32>) outs(%broadcasted_54 : tensor<1x48x13x13xf32>) -> tensor<1x48x13x13xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47 : tensor<1x48x13x13xf32>) outs(%39 : tensor<1x48x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x48x13x13xf32>
    %49 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%48, %cst_24 : tensor<1x48x13x13xf32>, tensor<192x48x1x1xf32>) outs(%cst_33 : tensor<1x192x13x13xf32>) -> tensor<1x192x13x13xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<1x192x13x13xf32>) outs(%43 : tensor<1x192x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x192x13x13xf32>
    %padded_55 = tensor.pad %48 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x48x13x13xf32> to tensor<1x48x15x15xf32>
    %51 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_55, %cst_25 : tensor<1x48x15x15xf32>, tensor<192x48x3x3xf32>) outs(%cst_33 : tensor<1x192x13x13xf32>) -> tensor<1x192x13x13xf32>
    %52 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51 : tensor<1x192x13x13xf32>) outs(%43 : tensor<1x192x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x192x13x13xf32>
    %concat_56 = tensor.concat dim(1) %50, %52 : (tensor<1x192x13x13xf32>, tensor<1x192x13x13xf32>) -> tensor<1x384x13x13xf32>
    %53 = tensor.empty() : tensor<1x64x13x13xf32>
    %broadcasted_57 = linalg.broadcast ins(%cst_12 : tensor<64xf32>) outs(%53 : tensor<1x64x13x13xf32>) dimensions = [0, 2, 3] 
    %54 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%concat_56, %cst_30 : tensor<1x384x13x13xf32>, tensor<64x384x1x1xf32>) outs(%broadcasted_57 : tensor<1x64x13x13xf32>) -> tensor<1x64x13x13xf32>
    %55 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54 : tensor<1x64x13x13xf32>) outs(%53 : tensor<1x64x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x13x13xf32>
    %56 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%55, %cst_28 : tensor<1x64x13x13xf32>, tensor<256x64x1x1xf32>) outs(%cst_34 : tensor<1x256x13x13xf32>) -> tensor<1x256x13x13xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56 : tensor<1x256x13x13xf32>) outs(%36 : tensor<1x256x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x256x13x13xf32>
    %padded_58 = tensor.pad %55 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x13x13xf32> to tensor<1x64x15x15xf32>
    %58 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_58, %cst_29 : tensor<1x64x15x15xf32>, tensor<256x64x3x3xf32>) outs(%cst_34 : tensor<1x256x13x13xf32>) -> tensor<1x256x13x13xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58 : tensor<1x256x13x13xf32>) outs(%36 : tensor<1x256x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x256x13x13xf32>
    %concat_59 = tensor.concat dim(1) %57, %59 : (tensor<1x256x13x13xf32>, tensor<1x256x13x13xf32>) -> tensor<1x512x13x13xf32>
    %broadcasted_60 = linalg.broadcast ins(%cst_13 : tensor<64xf32>) outs(%53 : tensor<1x64x13x13xf32>) dimensions = [0, 2, 3] 
    %60 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%concat_59, %cst_31 : tensor<1x512x13x13xf32>, tensor<64x512x1x1xf32>) outs(%broadcasted_60 : tensor<1x64x13x13xf32>) -> tensor<1x64x13x13xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60 : tensor<1x64x13x13xf32>) outs(%53 : tensor<1x64x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x64x13x13xf32>
    %62 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%61, %cst_28 : tensor<1x64x13x13xf32>, tensor<256x64x1x1xf32>) outs(%cst_34 : tensor<1x256x13x13xf32>) -> tensor<1x256x13x13xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62 : tensor<1x256x13x13xf32>) outs(%36 : tensor<1x256x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x256x13x13xf32>
    %padded_61 = tensor.pad %61 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x64x13x13xf32> to tensor<1x64x15x15xf32>
    %64 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_61, %cst_29 : tensor<1x64x15x15xf32>, tensor<256x64x3x3xf32>) outs(%cst_34 : tensor<1x256x13x13xf32>) -> tensor<1x256x13x13xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64 : tensor<1x256x13x13xf32>) outs(%36 : tensor<1x256x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x256x13x13xf32>
    %concat_62 = tensor.concat dim(1) %63, %65 : (tensor<1x256x13x13xf32>, tensor<1x256x13x13xf32>) -> tensor<1x512x13x13xf32>
    %66 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%concat_62, %cst_14 : tensor<1x512x13x13xf32>, tensor<1000x512x1x1xf32>) outs(%cst_35 : tensor<1x1000x13x13xf32>) -> tensor<1x1000x13x13xf32>
    %67 = tensor.empty() : tensor<1x1000x13x13xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66 : tensor<1x1000x13x13xf32>) outs(%67 : tensor<1x1000x13x13xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.cmpf ugt, %in, %cst : f32
      %87 = arith.select %86, %in, %cst : f32
      linalg.yield %87 : f32
    } -> tensor<1x1000x13x13xf32>
    %69 = tensor.empty() : tensor<1x1000x1x1xf32>
    %70 = linalg.fill ins(%cst : f32) outs(%69 : tensor<1x1000x1x1xf32>) -> tensor<1x1000x1x1xf32>
    %71 = tensor.empty() : tensor<13x13xf32>
    %72 = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%68, %71 : tensor<1x1000x13x13xf32>, tensor<13x13xf32>) outs(%70 : tensor<1x1000x1x1xf32>) -> tensor<1x1000x1x1xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%72 : tensor<1x1000x1x1xf32>) outs(%69 : tensor<1x1000x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.divf %in, %cst_36 : f32
      linalg.yield %86 : f32
    } -> tensor<1x1000x1x1xf32>
    %collapsed = tensor.collapse_shape %73 [[0], [1, 2, 3]] : tensor<1x1000x1x1xf32> into tensor<1x1000xf32>
    %74 = tensor.empty() : tensor<1xi64>
    %75 = linalg.fill ins(%c0_i64 : i64) outs(%74 : tensor<1xi64>) -> tensor<1xi64>
    %76 = tensor.empty() : tensor<1xf32>
    %77 = linalg.fill ins(%cst_0 : f32) outs(%76 : tensor<1xf32>) -> tensor<1xf32>
    %78:2 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<1x1000xf32>) outs(%77, %75 : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%in: f32, %out: f32, %out_64: i64):
      %86 = linalg.index 1 : index
      %87 = arith.index_cast %86 : index to i64
      %88 = arith.maximumf %in, %out : f32
      %89 = arith.cmpf ogt, %in, %out : f32
      %90 = arith.select %89, %87, %out_64 : i64
      linalg.yield %88, %90 : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    %expanded = tensor.expand_shape %78#0 [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
    %79 = tensor.empty() : tensor<1x1000xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed, %expanded : tensor<1x1000xf32>, tensor<1x1xf32>) outs(%79 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %86 = arith.subf %in, %in_64 : f32
      linalg.yield %86 : f32
    } -> tensor<1x1000xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%80 : tensor<1x1000xf32>) outs(%79 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = math.exp %in : f32
      linalg.yield %86 : f32
    } -> tensor<1x1000xf32>
    %82 = tensor.empty() : tensor<1x1xf32>
    %83 = linalg.fill ins(%cst : f32) outs(%82 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "reduction"]} ins(%81 : tensor<1x1000xf32>) outs(%83 : tensor<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %86 = arith.addf %in, %out : f32
      linalg.yield %86 : f32
    } -> tensor<1x1xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %84 : tensor<1x1000xf32>, tensor<1x1xf32>) outs(%79 : tensor<1x1000xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %86 = arith.divf %in, %in_64 : f32
      linalg.yield %86 : f32
    } -> tensor<1x1000xf32>
    %expanded_63 = tensor.expand_shape %85 [[0], [1, 2, 3]] output_shape [1, 1000, 1, 1] : tensor<1x1000xf32> into tensor<1x1000x1x1xf32>
    return %expanded_63 : tensor<1x1000x1x1xf32>
  }
}
