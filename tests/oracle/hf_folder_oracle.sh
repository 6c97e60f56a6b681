#!/usr/bin/env bash
# hf_folder_oracle.sh — `lookupviz --print --weights FOLDER --ids …` on Hugging Face folders
# written here by PyTorch (a 3-shard Llama-shaped folder whose model.embed_tokens.weight is in
# the second shard, float32 and bfloat16; a single model.safetensors GPT-2-shaped one) against
# what real PyTorch prints for the same table (tests/oracle/weights_oracle.py reads it through
# the index); the transcripts must be byte-identical. Skipped (exit 77) without Debian's
# python3-torch. The safetensors package is not needed (nor on the test machine): the files
# are written and read with the format's own few lines.
#   bash hf_folder_oracle.sh <lookupviz binary> <source dir>
set -uo pipefail
bin="$1"
src="$2"
torch_oracle="$src/tests/oracle/weights_oracle.py"

if ! /usr/bin/python3 -c 'import numpy, torch' >/dev/null 2>&1; then
  echo "SKIPPED: Debian's python3-numpy and python3-torch are not installed"
  exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
/usr/bin/python3 - <<'PY' || { echo "FAILED: writing the folders"; exit 1; }
import json, os, struct
import torch

DT = {torch.float32: "F32", torch.bfloat16: "BF16", torch.float16: "F16"}

def write_safetensors(path, tensors):
    header, blobs, at = {"__metadata__": {"format": "pt"}}, [], 0
    for name, t in tensors.items():
        b = t.contiguous().view(torch.uint8).numpy().tobytes() if t.dtype == torch.bfloat16 else t.contiguous().numpy().tobytes()
        header[name] = {"dtype": DT[t.dtype], "shape": list(t.shape), "data_offsets": [at, at + len(b)]}
        blobs.append(b)
        at += len(b)
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))

def folder(path, config, shards):
    os.makedirs(path)
    json.dump(config, open(os.path.join(path, "config.json"), "w"))
    weight_map = {}
    for k, tensors in enumerate(shards):
        name = f"model-{k + 1:05d}-of-{len(shards):05d}.safetensors"
        write_safetensors(os.path.join(path, name), tensors)
        weight_map.update({t: name for t in tensors})
    json.dump({"metadata": {"total_size": 0}, "weight_map": weight_map},
              open(os.path.join(path, "model.safetensors.index.json"), "w"), indent=2)

g = torch.Generator().manual_seed(7)
for dtype, tag in ((torch.float32, "f32"), (torch.bfloat16, "bf16")):
    v, d = 37, 12
    folder(f"llama_{tag}", {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "tie_word_embeddings": False},
           [{"model.layers.0.mlp.up_proj.weight": torch.randn(2 * d, d, generator=g).to(dtype),
             "model.norm.weight": torch.ones(d).to(dtype)},
            {"model.layers.1.self_attn.q_proj.weight": torch.randn(d, d, generator=g).to(dtype),
             "model.embed_tokens.weight": torch.randn(v, d, generator=g).to(dtype)},
            {"lm_head.weight": torch.randn(v, d, generator=g).to(dtype)}])
os.makedirs("gpt2")
json.dump({"architectures": ["GPT2LMHeadModel"], "model_type": "gpt2"}, open("gpt2/config.json", "w"))
write_safetensors("gpt2/model.safetensors", {"transformer.wpe.weight": torch.randn(16, 8, generator=g),
                                              "transformer.wte.weight": torch.randn(29, 8, generator=g)})
PY
failed=0 checked=0
for spec in llama_f32 llama_bf16 llama_f32/ gpt2 llama_f32:lm_head.weight; do
  for ids in "36,0,5,5" "2"; do
    [ "${spec%%_*}" = gpt2 ] && ids="28,0,3"
    "$bin" --print --weights "$spec" --ids "$ids" >got.txt 2>err.txt
    rc=$?
    /usr/bin/python3 "$torch_oracle" --weights "$spec" --ids "$ids" >want.txt || { echo "FAILED: weights_oracle.py on $spec"; exit 1; }
    checked=$((checked + 1))
    if [ "$rc" -ne 0 ] || ! cmp -s got.txt want.txt; then
      echo "FAILED: $spec (--ids $ids): lookupviz exit $rc: $(head -c 300 err.txt)"
      diff got.txt want.txt | head -n 10
      failed=1
    fi
  done
done
echo "hf folder oracle: $checked transcripts (sharded Llama-shaped folders in float32 and bfloat16, a GPT-2 model.safetensors) compared with torch"
exit "$failed"
