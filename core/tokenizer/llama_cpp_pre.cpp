// llama_cpp_pre.cpp — see llama_cpp_pre.hpp. The names, types and expressions are
// llama.cpp's (src/llama-vocab.cpp, llama_vocab::impl::load and llm_tokenizer_bpe), written
// here with \x{…} for every character outside ASCII (so no editor or tool can normalise
// one: DeepSeek-LLM's class holds U+2126 OHM SIGN and U+212A KELVIN SIGN, which NFC turns
// into Ω and K).
#include "core/tokenizer/llama_cpp_pre.hpp"

#include <utility>

namespace lv {
namespace {

// GPT-2's expression. llama.cpp lists it without the final \s+ but cuts it with its own
// code (unicode_regex_split_custom_gpt2), which does what the whole expression does.
const char* const kGpt2 = R"re('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)re";
// Llama-3's, with the contractions case-insensitive by hand (llama.cpp PR 6920).
const char* const kLlama3 =
    R"re((?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)re";
// Qwen2's: Llama-3's with one digit at a time.
const char* const kQwen2 =
    R"re((?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)re";
// BLOOM's: anything but white space and . , ! ? … 。 ， 、 । ۔ ، (and the class's own ( | )).
const char* const kBloom = R"re( ?[^(\s|.,!?\x{2026}\x{3002}\x{FF0C}\x{3001}\x{0964}\x{06D4}\x{060C})]+)re";
// Mistral's Tekken and GPT-4o's: a run of capitals then lower case, as llama.cpp spells
// [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]* and [\p{Ll}\p{Lm}\p{Lo}\p{M}]+ for its engine.
const char* const kTekken =
    R"re([^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))*((?=[\p{L}])([^A-Z]))+|[^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))+((?=[\p{L}])([^A-Z]))*|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+)re";
const char* const kGpt4o =
    R"re([^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))*((?=[\p{L}])([^A-Z]))+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\r\n\p{L}\p{N}]?((?=[\p{L}])([^a-z]))+((?=[\p{L}])([^A-Z]))*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+)re";
const char* const kDeepseek3 =
    R"re([!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+| ?[\p{P}\p{S}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)re";
// CJK ideographs U+4E00–U+9FA5, U+0800–U+4E00, Hangul U+AC00–U+D7FF.
const char* const kCjkHangul = R"re([\x{4E00}-\x{9FA5}\x{0800}-\x{4E00}\x{AC00}-\x{D7FF}]+)re";

const LlamaCppPre kDefault{"default", {R"re([\p{P}\$\+<=>\^~\|]+)re", kGpt2, R"re(\p{N}+)re", "[0-9][0-9][0-9]"}};
const LlamaCppPre kGpt2Pre{"GPT-2", {kGpt2}};
const LlamaCppPre kLlama3Pre{"Llama-3", {kLlama3}, true};
const LlamaCppPre kDbrx{"DBRX", {kLlama3}};  // DBRX, Smaug: Llama-3's expression, merges kept
const LlamaCppPre kChatGlm4{"ChatGLM-4", {kLlama3}};
const LlamaCppPre kQwen2Pre{"Qwen2", {kQwen2}};
const LlamaCppPre kGrok2{"Grok-2", {kQwen2}};
const LlamaCppPre kDeepseekCoder{"DeepSeek-Coder",
                                 {R"re([\r\n])re", R"re(\s?\p{L}+)re", R"re(\s?\p{P}+)re", kCjkHangul, R"re(\p{N})re"}};
const LlamaCppPre kDeepseek3Pre{
    "DeepSeek-V3", {R"re(\p{N}{1,3})re", R"re([\x{4E00}-\x{9FA5}\x{3040}-\x{309F}\x{30A0}-\x{30FF}]+)re", kDeepseek3}};
const LlamaCppPre kFalcon{"Falcon", {R"re([\p{P}\$\+<=>\^~\|`]+)re", kGpt2, "[0-9][0-9][0-9]"}};
const LlamaCppPre kStarcoder{"StarCoder", {R"re(\p{N})re", kGpt2}};  // and Refact, Command-R, SmolLM, …
const LlamaCppPre kBloomPre{"BLOOM", {kBloom}};
const LlamaCppPre kViking{"Viking", {kBloom, R"re(\p{N})re"}};
const LlamaCppPre kTekkenPre{"Tekken", {kTekken}, true};
const LlamaCppPre kChameleon{"Chameleon",
                             {"<sentinel:[0-9]+>", "(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z", "([\\t\\n]|    |  )",
                              R"re(\p{N})re", R"re([\p{P}!-/:-@\[-`{-~])re", kGpt2}};
const LlamaCppPre kGpt4oPre{"GPT-4o", {kGpt4o}};
const LlamaCppPre kSuperBpe{"SuperBPE", {R"re(\p{N}+)re", R"re((?=(\d{3})+(?!\d)))re"}};
const LlamaCppPre kBailingMoe{
    "BailingMoE",
    {R"re('(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+)re"}};
const LlamaCppPre kSeedCoder{
    "Seed-Coder",
    {R"re((?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1}| ?[^\s\p{L}\p{N}\r\n]+|\s*[\r\n]+|\s+(?!\S)|\s+)re"}};
// Types llama.cpp cuts with code of its own: llama.cpp's default expressions stand in.
const LlamaCppPre kKimiK2{"Kimi-K2", kDefault.regexes, false, "Kimi-K2's (llama.cpp cuts it with code of its own)"};
const LlamaCppPre kAfmoe{"AFMoE", kDefault.regexes, false,
                         "AFMoE's (llama.cpp groups its digits with code of its own)"};
// DeepSeek-LLM's letters: the cased letters (Lu, Ll, Lt) as its tokenizer.json lists them.
const char* const kDeepseekLetters =
    R"re(\s?[A-Za-z\x{B5}\x{C0}-\x{D6}\x{D8}-\x{F6}\x{F8}-\x{1BA}\x{1BC}-\x{1BF}\x{1C4}-\x{293}\x{295}-\x{2AF}\x{370}-\x{373}\x{376}\x{377}\x{37B}-\x{37D}\x{37F}\x{386}\x{388}-\x{38A}\x{38C}\x{38E}-\x{3A1}\x{3A3}-\x{3F5}\x{3F7}-\x{481}\x{48A}-\x{52F}\x{531}-\x{556}\x{10A0}-\x{10C5}\x{13A0}-\x{13F5}\x{13F8}-\x{13FD}\x{1C90}-\x{1CBA}\x{1CBD}-\x{1CBF}\x{1D00}-\x{1D2B}\x{1D6B}-\x{1D77}\x{1D79}-\x{1D9A}\x{1E00}-\x{1F15}\x{1F18}-\x{1F1D}\x{1F20}-\x{1F45}\x{1F48}-\x{1F4D}\x{1F50}-\x{1F57}\x{1F59}\x{1F5B}\x{1F5D}\x{1F5F}-\x{1F7D}\x{1F80}-\x{1FB4}\x{1FB6}-\x{1FBC}\x{1FBE}\x{1FC2}-\x{1FC4}\x{1FC6}-\x{1FCC}\x{1FD0}-\x{1FD3}\x{1FD6}-\x{1FDB}\x{1FE0}-\x{1FEC}\x{1FF2}-\x{1FF4}\x{1FF6}-\x{1FFC}\x{2102}\x{2107}\x{210A}-\x{2113}\x{2115}\x{2119}-\x{211D}\x{2124}\x{2126}\x{2128}\x{212A}-\x{212D}\x{212F}-\x{2134}\x{2139}\x{213C}-\x{213F}\x{2145}-\x{2149}\x{214E}\x{2183}\x{2184}\x{2C00}-\x{2C7B}\x{2C7E}-\x{2CE4}\x{2CEB}-\x{2CEE}\x{2CF2}\x{2CF3}\x{A640}-\x{A66D}\x{A680}-\x{A69B}\x{A722}-\x{A76F}\x{A771}-\x{A787}\x{A78B}-\x{A78E}\x{AB70}-\x{ABBF}\x{FB00}-\x{FB06}\x{FB13}-\x{FB17}\x{FF21}-\x{FF3A}\x{FF41}-\x{FF5A}\x{10400}-\x{1044F}\x{104B0}-\x{104D3}\x{104D8}-\x{104FB}\x{10C80}-\x{10CB2}\x{10CC0}-\x{10CF2}\x{118A0}-\x{118DF}\x{1E900}-\x{1E943}]+)re";
const LlamaCppPre kDeepseekLlm{
    "DeepSeek-LLM",
    {R"re([\r\n])re", kDeepseekLetters,
     R"re(\s?[!-/:-~\x{FF01}-\x{FF0F}\x{FF1A}-\x{FF5E}\x{2018}-\x{201F}\x{3000}-\x{3002}]+)re",
     R"re(\s+\z)re",  // llama.cpp's "\s+$": the end of the piece only
     kCjkHangul, R"re(\p{N}+)re"}};

const std::pair<const char*, const LlamaCppPre*> kNames[] = {
    {"default", &kDefault},
    {"llama3", &kLlama3Pre},
    {"llama-v3", &kLlama3Pre},
    {"llama-bpe", &kLlama3Pre},
    {"falcon3", &kLlama3Pre},
    {"falcon-h1", &kLlama3Pre},
    {"pixtral", &kLlama3Pre},
    {"midm-2.0", &kLlama3Pre},
    {"lfm2", &kLlama3Pre},
    {"deepseek-llm", &kDeepseekLlm},
    {"deepseek-coder", &kDeepseekCoder},
    {"deepseek-v3", &kDeepseek3Pre},
    {"hunyuan-dense", &kDeepseek3Pre},
    {"falcon", &kFalcon},
    {"mpt", &kGpt2Pre},
    {"starcoder", &kStarcoder},
    {"gpt-2", &kGpt2Pre},
    {"gpt2", &kGpt2Pre},  // lookupviz's own older name
    {"phi-2", &kGpt2Pre},
    {"jina-es", &kGpt2Pre},
    {"jina-de", &kGpt2Pre},
    {"gigachat", &kGpt2Pre},
    {"jina-v2-es", &kGpt2Pre},
    {"jina-v2-de", &kGpt2Pre},
    {"a.x-4.0", &kGpt2Pre},
    {"mellum", &kGpt2Pre},
    {"jina-v1-en", &kGpt2Pre},
    {"jina-v2-code", &kGpt2Pre},
    {"roberta-bpe", &kGpt2Pre},
    {"olmo", &kGpt2Pre},
    {"jais", &kGpt2Pre},
    {"trillion", &kGpt2Pre},
    {"granite-docling", &kGpt2Pre},
    {"exaone4", &kGpt2Pre},
    {"refact", &kStarcoder},
    {"command-r", &kStarcoder},
    {"smollm", &kStarcoder},
    {"codeshell", &kStarcoder},
    {"exaone", &kStarcoder},
    {"minerva-7b", &kStarcoder},
    {"qwen2", &kQwen2Pre},
    {"deepseek-r1-qwen", &kQwen2Pre},
    {"kormo", &kQwen2Pre},
    {"megrez", &kQwen2Pre},
    {"stablelm2", &kQwen2Pre},
    {"hunyuan", &kQwen2Pre},
    {"dbrx", &kDbrx},
    {"smaug-bpe", &kDbrx},
    {"poro-chat", &kBloomPre},
    {"bloom", &kBloomPre},
    {"gpt3-finnish", &kBloomPre},
    {"glm4", &kChatGlm4},
    {"chatglm-bpe", &kChatGlm4},
    {"viking", &kViking},
    {"tekken", &kTekkenPre},
    {"chameleon", &kChameleon},
    {"gpt-4o", &kGpt4oPre},
    {"llama4", &kGpt4oPre},
    {"minimax-m2", &kGpt4oPre},
    {"superbpe", &kSuperBpe},
    {"bailingmoe", &kBailingMoe},
    {"bailingmoe2", &kBailingMoe},
    {"llada-moe", &kBailingMoe},
    {"seed-coder", &kSeedCoder},
    {"grok-2", &kGrok2},
    {"kimi-k2", &kKimiK2},
    {"afmoe", &kAfmoe},
};

}  // namespace

const LlamaCppPre* llama_cpp_pre(std::string_view name) {
  for (const auto& [n, pre] : kNames)
    if (name == n) return pre;
  return nullptr;
}

const LlamaCppPre& llama_cpp_default_pre() { return kDefault; }

std::vector<std::string> llama_cpp_pre_names() {
  std::vector<std::string> out;
  for (const auto& [n, pre] : kNames) out.emplace_back(n);
  return out;
}

}  // namespace lv
