"""Networks of the kinds products ship, written in torch and exported with `torch.onnx.export`
(issue 39, feeding 42): the held-out set of benchmarks/exported.py.

The transformers come from the transformers library's own classes (BERT, DistilBERT, GPT-2 at
their default configurations, or `small` ones); the vision networks are written here (torchvision
does not install beside this torch), each a small seeded version of its family's structure:
a ViT and a Swin classifier, ConvNeXt, RegNet-Y, MobileNetV3 with hard-swish and squeeze-excite,
a DBNet text detector, a YOLO-style detector, a CRNN with a bidirectional LSTM.

Needs `pip install -e '.[export]'` (torch, transformers); nothing here is imported by xfuse or
its tests."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

import torch
from torch import nn
from torch.nn import functional as F

OPSET = 17


@dataclass
class Network:
    """A torch module and how it is exported: example inputs, their names, the symbolic axes
    (`dynamic_axes` of `torch.onnx.export`), and the shapes `xfuse.onnx.load` is given."""

    module: nn.Module
    inputs: tuple[torch.Tensor, ...]
    input_names: list[str]
    output_names: list[str]
    dynamic_axes: dict[str, dict[int, str]] = field(default_factory=dict)

    @property
    def input_shapes(self) -> dict[str, tuple[int, ...]]:
        return {name: tuple(tensor.shape) for name, tensor in zip(self.input_names, self.inputs, strict=True)}


def export(network: Network):
    """The ONNX model `torch.onnx.export` writes (TorchScript exporter, opset 17, weights as
    initializers, constants folded), as an `onnx.ModelProto`."""
    import onnx

    buffer = io.BytesIO()
    with torch.no_grad():
        torch.onnx.export(network.module.eval(), network.inputs, buffer, opset_version=OPSET, dynamo=False,
                          input_names=network.input_names, output_names=network.output_names,
                          dynamic_axes=network.dynamic_axes or None, do_constant_folding=True)
    return onnx.load_from_string(buffer.getvalue())


# Transformers (the transformers library) -----------------------------------------------------

SEQUENCE = 128


def _text_inputs(vocab: int, sequence: int) -> tuple[torch.Tensor, torch.Tensor]:
    generator = torch.Generator().manual_seed(0)
    ids = torch.randint(0, vocab, (1, sequence), generator=generator)
    return ids, torch.ones(1, sequence, dtype=torch.int64)


class TextModel(nn.Module):
    """A transformers model called by keyword (its positional parameters vary across versions),
    returning the named outputs as a tuple."""

    def __init__(self, model: nn.Module, outputs: list[str]):
        super().__init__()
        self.model, self.outputs = model, outputs

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> tuple[torch.Tensor, ...]:
        result = self.model(input_ids=input_ids, attention_mask=attention_mask)
        return tuple(result[name] for name in self.outputs)


def _text_network(model: nn.Module, vocab: int, outputs: list[str]) -> Network:
    axes = {"input_ids": {0: "batch", 1: "sequence"}, "attention_mask": {0: "batch", 1: "sequence"}}
    return Network(TextModel(model, outputs), _text_inputs(vocab, SEQUENCE), ["input_ids", "attention_mask"], outputs, axes)


SMALL = {"hidden_size": 256, "num_hidden_layers": 4, "num_attention_heads": 4, "intermediate_size": 1024}
"""`small`: the transformers at a quarter of their width and a third of their depth."""


def bert(size: str) -> Network:
    from transformers import BertConfig, BertModel

    config = BertConfig(**(SMALL if size == "small" else {}), attn_implementation="eager")
    return _text_network(BertModel(config), config.vocab_size, ["last_hidden_state", "pooler_output"])


def distilbert(size: str) -> Network:
    from transformers import DistilBertConfig, DistilBertModel

    small = {"dim": 256, "n_layers": 4, "n_heads": 4, "hidden_dim": 1024}
    config = DistilBertConfig(**(small if size == "small" else {}), attn_implementation="eager")
    return _text_network(DistilBertModel(config), config.vocab_size, ["last_hidden_state"])


def gpt2(size: str) -> Network:
    from transformers import GPT2Config, GPT2Model

    small = {"n_embd": 256, "n_layer": 4, "n_head": 4}
    config = GPT2Config(**(small if size == "small" else {}), use_cache=False, attn_implementation="eager")
    return _text_network(GPT2Model(config), config.vocab_size, ["last_hidden_state"])


# Vision transformers ---------------------------------------------------------------------------


class Attention(nn.Module):
    """Multi-head self-attention as timm writes it: one qkv Linear, heads split by reshape and
    permute from the input's runtime shape, an optional additive bias (Swin's)."""

    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.heads, self.scale = heads, (dim // heads) ** -0.5
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:
        b, n, c = x.shape
        q, k, v = self.qkv(x).reshape(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        scores = (q * self.scale) @ k.transpose(-2, -1)
        if bias is not None:
            scores = scores + bias
        return self.proj((scores.softmax(-1) @ v).transpose(1, 2).reshape(b, n, c))


class Mlp(nn.Sequential):
    def __init__(self, dim: int, ratio: int = 4):
        super().__init__(nn.Linear(dim, ratio * dim), nn.GELU(), nn.Linear(ratio * dim, dim))


class ViTBlock(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        self.norm1, self.attn, self.norm2, self.mlp = nn.LayerNorm(dim), Attention(dim, heads), nn.LayerNorm(dim), Mlp(dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Module):
    """ViT-Tiny-like: 16x16 patches of 224x224, a class token, learned positions, 4 blocks."""

    def __init__(self, dim: int = 192, depth: int = 4, heads: int = 3, patch: int = 16, image: int = 224):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim) * 0.02)
        self.pos_embed = nn.Parameter(torch.randn(1, (image // patch) ** 2 + 1, dim) * 0.02)
        self.blocks = nn.Sequential(*(ViTBlock(dim, heads) for _ in range(depth)))
        self.norm, self.head = nn.LayerNorm(dim), nn.Linear(dim, 1000)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1) + self.pos_embed
        return self.head(self.norm(self.blocks(x))[:, 0])


def _window_partition(x: torch.Tensor, window: int) -> torch.Tensor:
    b, h, w, c = x.shape
    x = x.view(b, h // window, window, w // window, window, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, window * window, c)


def _window_reverse(windows: torch.Tensor, window: int, h: int, w: int) -> torch.Tensor:
    c = windows.shape[-1]
    x = windows.view(-1, h // window, w // window, window, window, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, h, w, c)


class SwinBlock(nn.Module):
    """Window attention with a relative position bias gathered from a table; shifted windows
    (torch.roll) with their mask on every second block."""

    def __init__(self, dim: int, heads: int, resolution: int, window: int, shift: int):
        super().__init__()
        self.heads, self.window, self.shift, self.resolution = heads, window, shift, resolution
        self.norm1, self.attn, self.norm2, self.mlp = nn.LayerNorm(dim), Attention(dim, heads), nn.LayerNorm(dim), Mlp(dim)
        self.bias_table = nn.Parameter(torch.randn((2 * window - 1) ** 2, heads) * 0.02)
        coords = torch.stack(torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij")).flatten(1)
        relative = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + window - 1
        self.register_buffer("bias_index", relative[..., 0] * (2 * window - 1) + relative[..., 1], persistent=False)
        mask = None
        if shift:
            region = torch.zeros(1, resolution, resolution, 1)
            spans = (slice(0, -window), slice(-window, -shift), slice(-shift, None))
            for number, (hs, ws) in enumerate((hs, ws) for hs in spans for ws in spans):
                region[:, hs, ws, :] = number
            ids = _window_partition(region, window).squeeze(-1)
            mask = (ids[:, None, :] - ids[:, :, None]).ne(0).float() * -100.0
        self.register_buffer("mask", mask, persistent=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, length, c = x.shape
        h = w = self.resolution
        shortcut, x = x, self.norm1(x).view(b, h, w, c)
        if self.shift:
            x = torch.roll(x, (-self.shift, -self.shift), (1, 2))
        windows = _window_partition(x, self.window)
        area = self.window ** 2
        bias = self.bias_table[self.bias_index.reshape(-1)].view(area, area, -1).permute(2, 0, 1).unsqueeze(0)
        if self.mask is not None:
            count = self.mask.shape[0]
            bias = (bias + self.mask.unsqueeze(1)).unsqueeze(0).expand(b, -1, -1, -1, -1).reshape(b * count, self.heads, area, area)
        x = _window_reverse(self.attn(windows, bias), self.window, h, w)
        if self.shift:
            x = torch.roll(x, (self.shift, self.shift), (1, 2))
        x = shortcut + x.reshape(b, length, c)
        return x + self.mlp(self.norm2(x))


class PatchMerging(nn.Module):
    def __init__(self, dim: int, resolution: int):
        super().__init__()
        self.resolution, self.norm, self.reduction = resolution, nn.LayerNorm(4 * dim), nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, _, c = x.shape
        x = x.view(b, self.resolution, self.resolution, c)
        x = torch.cat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
        return self.reduction(self.norm(x.reshape(b, -1, 4 * c)))


class Swin(nn.Module):
    """Swin-like on 224x224: 4x4 patches (56x56 tokens), windows of 7, two stages (2 blocks at
    dim 48, 2 at 96), a mean over tokens, a Linear head."""

    def __init__(self, dim: int = 48, heads: tuple[int, int] = (2, 4), window: int = 7, image: int = 224):
        super().__init__()
        resolution = image // 4
        self.patch_embed, self.embed_norm = nn.Conv2d(3, dim, 4, 4), nn.LayerNorm(dim)
        self.stage1 = nn.Sequential(*(SwinBlock(dim, heads[0], resolution, window, shift) for shift in (0, window // 2)))
        self.merge = PatchMerging(dim, resolution)
        self.stage2 = nn.Sequential(*(SwinBlock(2 * dim, heads[1], resolution // 2, window, shift)
                                      for shift in (0, window // 2)))
        self.norm, self.head = nn.LayerNorm(2 * dim), nn.Linear(2 * dim, 1000)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.embed_norm(self.patch_embed(x).flatten(2).transpose(1, 2))
        x = self.stage2(self.merge(self.stage1(x)))
        return self.head(self.norm(x).mean(1))


# Convolutional classifiers ---------------------------------------------------------------------


def conv_bn(cin: int, cout: int, kernel: int = 1, stride: int = 1, groups: int = 1, act: type[nn.Module] | None = nn.ReLU):
    layers = [nn.Conv2d(cin, cout, kernel, stride, kernel // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    return nn.Sequential(*layers, *([act()] if act else []))


class LayerNorm2d(nn.LayerNorm):
    """LayerNorm over the channels of NCHW, as ConvNeXt's downsampling writes it (permutes)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class ConvNeXtBlock(nn.Module):
    """Depthwise 7x7, then LayerNorm and two Linear layers over NHWC, a layer scale, a residual."""

    def __init__(self, dim: int):
        super().__init__()
        self.dwconv, self.norm = nn.Conv2d(dim, dim, 7, padding=3, groups=dim), nn.LayerNorm(dim)
        self.mlp, self.gamma = Mlp(dim), nn.Parameter(torch.full((dim,), 0.5))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.mlp(self.norm(self.dwconv(x).permute(0, 2, 3, 1))) * self.gamma
        return x + y.permute(0, 3, 1, 2)


class ConvNeXt(nn.Module):
    def __init__(self, dims: tuple[int, ...] = (48, 96, 192, 384), depths: tuple[int, ...] = (1, 1, 2, 1)):
        super().__init__()
        layers: list[nn.Module] = [nn.Conv2d(3, dims[0], 4, 4), LayerNorm2d(dims[0])]
        for stage, (dim, depth) in enumerate(zip(dims, depths, strict=True)):
            if stage:
                layers += [LayerNorm2d(dims[stage - 1]), nn.Conv2d(dims[stage - 1], dim, 2, 2)]
            layers += [ConvNeXtBlock(dim) for _ in range(depth)]
        self.features, self.norm, self.head = nn.Sequential(*layers), nn.LayerNorm(dims[-1]), nn.Linear(dims[-1], 1000)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.norm(self.features(x).mean((2, 3))))


class SqueezeExcite(nn.Module):
    def __init__(self, channels: int, squeezed: int, gate: type[nn.Module] = nn.Sigmoid):
        super().__init__()
        self.reduce, self.expand, self.gate = nn.Conv2d(channels, squeezed, 1), nn.Conv2d(squeezed, channels, 1), gate()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.gate(self.expand(F.relu(self.reduce(F.adaptive_avg_pool2d(x, 1)))))


class RegNetYBlock(nn.Module):
    """1x1, 3x3 group convolution (groups of 8 channels) with stride, squeeze-excite, 1x1; residual
    through a strided 1x1 projection when the shape changes."""

    def __init__(self, cin: int, cout: int, stride: int, group_width: int = 8):
        super().__init__()
        self.body = nn.Sequential(conv_bn(cin, cout), conv_bn(cout, cout, 3, stride, cout // group_width),
                                  SqueezeExcite(cout, cin // 4), conv_bn(cout, cout, act=None))
        self.shortcut = conv_bn(cin, cout, 1, stride, act=None) if stride != 1 or cin != cout else nn.Identity()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.body(x) + self.shortcut(x))


class RegNet(nn.Module):
    def __init__(self, widths: tuple[int, ...] = (24, 56, 152, 368), depths: tuple[int, ...] = (1, 1, 2, 1)):
        super().__init__()
        layers: list[nn.Module] = [conv_bn(3, 32, 3, 2)]
        cin = 32
        for width, depth in zip(widths, depths, strict=True):
            for index in range(depth):
                layers.append(RegNetYBlock(cin, width, 2 if index == 0 else 1))
                cin = width
        self.features, self.head = nn.Sequential(*layers), nn.Linear(cin, 1000)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x).mean((2, 3)))


class InvertedResidual(nn.Module):
    """MobileNetV3's block: 1x1 expansion, depthwise k x k, optional squeeze-excite with a
    hard-sigmoid gate, 1x1 projection; ReLU or hard-swish."""

    def __init__(self, cin: int, expanded: int, cout: int, kernel: int, stride: int, se: bool, act: type[nn.Module]):
        super().__init__()
        layers = [conv_bn(cin, expanded, act=act)] if expanded != cin else []
        layers.append(conv_bn(expanded, expanded, kernel, stride, expanded, act=act))
        if se:
            layers.append(SqueezeExcite(expanded, max(8, expanded // 4), nn.Hardsigmoid))
        layers.append(conv_bn(expanded, cout, act=None))
        self.body, self.residual = nn.Sequential(*layers), stride == 1 and cin == cout

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.body(x) if self.residual else self.body(x)


MOBILENET_V3_SMALL = [  # kernel, expanded, out, SE, activation, stride
    (3, 16, 16, True, nn.ReLU, 2), (3, 72, 24, False, nn.ReLU, 2), (3, 88, 24, False, nn.ReLU, 1),
    (5, 96, 40, True, nn.Hardswish, 2), (5, 240, 40, True, nn.Hardswish, 1), (5, 120, 48, True, nn.Hardswish, 1),
    (5, 144, 48, True, nn.Hardswish, 1), (5, 288, 96, True, nn.Hardswish, 2), (5, 576, 96, True, nn.Hardswish, 1),
]


class MobileNetV3Backbone(nn.Module):
    """MobileNetV3-Small's features; `stages()` gives the maps at 1/4, 1/8, 1/16 and 1/32."""

    def __init__(self):
        super().__init__()
        self.stem = conv_bn(3, 16, 3, 2, act=nn.Hardswish)
        blocks, cin = [], 16
        for kernel, expanded, cout, se, act, stride in MOBILENET_V3_SMALL:
            blocks.append(InvertedResidual(cin, expanded, cout, kernel, stride, se, act))
            cin = cout
        self.blocks, self.channels = nn.ModuleList(blocks), cin

    def stages(self, x: torch.Tensor) -> list[torch.Tensor]:
        x, maps = self.stem(x), []
        for index, block in enumerate(self.blocks):
            x = block(x)
            if index in (0, 2, 6, 8):
                maps.append(x)
        return maps


class MobileNetV3(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = MobileNetV3Backbone()
        self.last = conv_bn(96, 576, act=nn.Hardswish)
        self.head = nn.Sequential(nn.Linear(576, 1024), nn.Hardswish(), nn.Linear(1024, 1000))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.last(self.backbone.stages(x)[-1]).mean((2, 3)))


class DBNet(nn.Module):
    """A text detector as PaddleOCR's DBNet: MobileNetV3 maps at 1/4..1/32, an FPN (1x1 lateral
    convs, nearest Resize upsampling by 2 and adds, 3x3 smoothing, upsampled to 1/4 and
    concatenated), a head of a 3x3 conv and two stride-2 ConvTransposes, a Sigmoid."""

    def __init__(self, inner: int = 64):
        super().__init__()
        self.backbone = MobileNetV3Backbone()
        self.lateral = nn.ModuleList(nn.Conv2d(c, inner, 1, bias=False) for c in (16, 24, 48, 96))
        self.smooth = nn.ModuleList(nn.Conv2d(inner, inner // 4, 3, padding=1, bias=False) for _ in range(4))
        self.head = nn.Sequential(conv_bn(inner, inner // 4, 3), nn.ConvTranspose2d(inner // 4, inner // 4, 2, 2),
                                  nn.BatchNorm2d(inner // 4), nn.ReLU(), nn.ConvTranspose2d(inner // 4, 1, 2, 2))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        maps = [lateral(m) for lateral, m in zip(self.lateral, self.backbone.stages(x), strict=True)]
        for index in (2, 1, 0):
            maps[index] = maps[index] + F.interpolate(maps[index + 1], scale_factor=2.0, mode="nearest")
        smoothed = [F.interpolate(smooth(m), scale_factor=2.0 ** index, mode="nearest") if index else smooth(m)
                    for index, (smooth, m) in enumerate(zip(self.smooth, maps, strict=True))]
        return torch.sigmoid(self.head(torch.cat(smoothed[::-1], 1)))


class ConvSiLU(nn.Sequential):
    def __init__(self, cin: int, cout: int, kernel: int = 1, stride: int = 1):
        super().__init__(nn.Conv2d(cin, cout, kernel, stride, kernel // 2, bias=False), nn.BatchNorm2d(cout), nn.SiLU())


class C2f(nn.Module):
    """YOLOv8's block: split in two (Chunk), bottlenecks on one half, everything concatenated."""

    def __init__(self, cin: int, cout: int, count: int = 1):
        super().__init__()
        half = cout // 2
        self.cv1, self.cv2 = ConvSiLU(cin, 2 * half), ConvSiLU((2 + count) * half, cout)
        self.bottlenecks = nn.ModuleList(nn.Sequential(ConvSiLU(half, half, 3), ConvSiLU(half, half, 3))
                                         for _ in range(count))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        parts = list(self.cv1(x).chunk(2, 1))
        for bottleneck in self.bottlenecks:
            parts.append(parts[-1] + bottleneck(parts[-1]))
        return self.cv2(torch.cat(parts, 1))


class SPPF(nn.Module):
    def __init__(self, cin: int, cout: int):
        super().__init__()
        self.cv1, self.cv2, self.pool = ConvSiLU(cin, cin // 2), ConvSiLU(cin * 2, cout), nn.MaxPool2d(5, 1, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.cv1(x)
        y1 = self.pool(x)
        y2 = self.pool(y1)
        return self.cv2(torch.cat([x, y1, y2, self.pool(y2)], 1))


class Yolo(nn.Module):
    """A YOLOv8-n-like detector at a quarter width: C2f backbone, SPPF, a top-down neck with
    nearest Resize and Concat, per-level 1x1 heads flattened and concatenated to [N, 68, anchors]."""

    def __init__(self, width: int = 16, outputs: int = 68):
        super().__init__()
        w = width
        self.stem = nn.Sequential(ConvSiLU(3, w, 3, 2), ConvSiLU(w, 2 * w, 3, 2), C2f(2 * w, 2 * w))
        self.p3 = nn.Sequential(ConvSiLU(2 * w, 4 * w, 3, 2), C2f(4 * w, 4 * w))
        self.p4 = nn.Sequential(ConvSiLU(4 * w, 8 * w, 3, 2), C2f(8 * w, 8 * w))
        self.p5 = nn.Sequential(ConvSiLU(8 * w, 16 * w, 3, 2), C2f(16 * w, 16 * w), SPPF(16 * w, 16 * w))
        self.up4, self.up3 = C2f(24 * w, 8 * w), C2f(12 * w, 4 * w)
        self.heads = nn.ModuleList(nn.Conv2d(c, outputs, 1) for c in (4 * w, 8 * w, 16 * w))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        p3 = self.p3(self.stem(x))
        p4 = self.p4(p3)
        p5 = self.p5(p4)
        n4 = self.up4(torch.cat([F.interpolate(p5, scale_factor=2.0, mode="nearest"), p4], 1))
        n3 = self.up3(torch.cat([F.interpolate(n4, scale_factor=2.0, mode="nearest"), p3], 1))
        b = x.shape[0]
        return torch.cat([head(m).view(b, head.out_channels, -1) for head, m in zip(self.heads, (n3, n4, p5), strict=True)], 2)


class CRNN(nn.Module):
    """A text recognizer: a conv stack that pools the height to 1, the width as T = 16 steps, a
    bidirectional LSTM, a Linear to the character classes (log-softmax outside, as CTC decodes)."""

    def __init__(self, classes: int = 97, hidden: int = 96):
        super().__init__()
        self.convs = nn.Sequential(conv_bn(3, 32, 3), nn.MaxPool2d(2, 2), conv_bn(32, 64, 3), nn.MaxPool2d(2, 2),
                                   conv_bn(64, 128, 3), nn.MaxPool2d((2, 1), (2, 1)), conv_bn(128, 128, 3),
                                   nn.MaxPool2d((4, 1), (4, 1)))
        self.lstm = nn.LSTM(128, hidden, bidirectional=True, batch_first=True)
        self.fc = nn.Linear(2 * hidden, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        features = self.convs(x).squeeze(2).permute(0, 2, 1)  # [N, T, C]
        return self.fc(self.lstm(features)[0])


def _image(shape: tuple[int, ...]) -> tuple[torch.Tensor]:
    return (torch.randn(*shape, generator=torch.Generator().manual_seed(0)),)


def _vision(module: nn.Module, shape: tuple[int, ...], axes: dict[int, str] | None = None) -> Network:
    return Network(module, _image(shape), ["image"], ["logits"], {"image": axes} if axes else {})


BATCH = {0: "batch"}
NETWORKS: dict[str, Callable[[str], Network]] = {
    "bert": bert,
    "distilbert": distilbert,
    "gpt2": gpt2,
    "vit": lambda size: _vision(ViT(), (1, 3, 224, 224), BATCH),
    "swin": lambda size: _vision(Swin(), (1, 3, 224, 224)),
    "convnext": lambda size: _vision(ConvNeXt(), (1, 3, 224, 224), BATCH),
    "regnet": lambda size: _vision(RegNet(), (1, 3, 224, 224)),
    "mobilenetv3": lambda size: _vision(MobileNetV3(), (1, 3, 224, 224), BATCH),
    "dbnet": lambda size: _vision(DBNet(), (1, 3, 320, 320), {0: "batch", 2: "height", 3: "width"}),
    "yolo": lambda size: _vision(Yolo(), (1, 3, 320, 320), {0: "batch", 2: "height", 3: "width"}),
    "crnn": lambda size: _vision(CRNN(), (1, 3, 32, 64), {0: "batch", 3: "width"}),
}
"""Each network at `size` (`full` or `small`: only the transformers differ), seeded by the caller."""


def build(name: str, size: str = "full", seed: int = 0) -> Network:
    """The network `name` with weights drawn from `torch.manual_seed(seed)`; BatchNorm statistics
    are randomized too, so that folding them into the convolutions is checked."""
    torch.manual_seed(seed)
    network = NETWORKS[name](size)
    with torch.no_grad():
        for module in network.module.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.running_mean.uniform_(-0.5, 0.5)
                module.running_var.uniform_(0.5, 1.5)
                module.weight.uniform_(0.5, 1.5)
                module.bias.uniform_(-0.2, 0.2)
    return network
