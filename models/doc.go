// Package models builds networks people study, with PyTorch's module and
// state-dict names, so that weights saved by PyTorch load with LoadFile and
// every hook path is the one a PyTorch user knows:
//
//   - ResNet18 and ResNet34: torchvision's resnet18/resnet34 (BasicBlock,
//     conv1, bn1, layer1.0.conv1, ..., fc), with a width and a small-input
//     stem for 32×32 images;
//   - VGG11: torchvision's vgg11 (features.N, classifier.N), with a width;
//   - MobileNetV2: torchvision's mobilenet_v2, with its width multiplier;
//   - GPT: a small decoder-only transformer (tok_emb, pos_emb, blocks.N
//     with ln1, attn, ln2, mlp, then ln_f and unembed).
//
// Each constructor takes a config struct whose zero fields mean the
// torchvision (or stated) defaults. Initialisation follows torchvision:
// Kaiming-normal convolutions (fan_out), BatchNorm weight 1 and bias 0,
// nnlib's defaults for Linear. Models are ordinary *nnlib.Module trees, so
// every hooks tool works on them.
//
// Beyond PyTorch's modules the models contain hook points (see
// nnlib.AddHookPoint): each residual block has "residual" (the sum, before
// the final ReLU in a ResNet), and each GPT block "resid_mid" (after attention) besides
// the attention's own points (blocks.N.attn.q, .k, .v, .scores, .pattern,
// .z). Hook points are not printed and hold no state.
//
// Bad configurations panic with a message of the form "models: Op: what
// went wrong (the values)".
package models
