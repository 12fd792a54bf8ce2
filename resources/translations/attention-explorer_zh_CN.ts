<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BookCheckpoint</name>
    <message>
        <source>tensor %1 appears twice in the state_dict</source>
        <translation>张量 %1 在 state_dict 中出现了两次</translation>
    </message>
    <message>
        <source>tensor %1: %2</source>
        <translation>张量 %1：%2</translation>
    </message>
    <message>
        <source>not a JSON object (%1)</source>
        <translation>不是 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; is missing (the book&apos;s config has it)</source>
        <translation>缺少键“%1”（本书的配置中有它）</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; must be a whole number of at least 1</source>
        <translation>键“%1”必须是不小于 1 的整数</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; must be true or false</source>
        <translation>键“%1”必须是 true 或 false</translation>
    </message>
    <message>
        <source>the key &quot;drop_rate&quot; must be a number in [0, 1)</source>
        <translation>键“drop_rate”必须是 [0, 1) 中的数</translation>
    </message>
    <message>
        <source>&quot;n_heads&quot; (%1) does not divide &quot;emb_dim&quot; (%2)</source>
        <translation>“n_heads”（%1）不能整除“emb_dim”（%2）</translation>
    </message>
    <message>
        <source>tensor &quot;tok_emb.weight&quot; is missing or not a matrix (vocab_size x emb_dim); without config.json the sizes come from it</source>
        <translation>张量“tok_emb.weight”缺失或不是矩阵（vocab_size x emb_dim）；没有 config.json 时各个尺寸由它得出</translation>
    </message>
    <message>
        <source>tensor &quot;pos_emb.weight&quot; is missing or not a matrix (context_length x emb_dim)</source>
        <translation>张量“pos_emb.weight”缺失或不是矩阵（context_length x emb_dim）</translation>
    </message>
    <message>
        <source>tensors &quot;tok_emb.weight&quot; %1 and &quot;pos_emb.weight&quot; %2 have impossible sizes</source>
        <translation>张量“tok_emb.weight”%1 和“pos_emb.weight”%2 的尺寸不可能成立</translation>
    </message>
    <message>
        <source>without config.json the head count is emb_dim / 64, but emb_dim (%1, from &quot;tok_emb.weight&quot;) is not a multiple of 64: add config.json with &quot;n_heads&quot;</source>
        <translation>没有 config.json 时头数为 emb_dim / 64，但 emb_dim（%1，来自“tok_emb.weight”）不是 64 的倍数：请添加含“n_heads”的 config.json</translation>
    </message>
    <message>
        <source>tensor %1 is missing: a GPTModel has at least one block</source>
        <translation>缺少张量 %1：GPTModel 至少有一个块</translation>
    </message>
    <message>
        <source>tensor %1 is missing (the book&apos;s GPTModel with this configuration has it)</source>
        <translation>缺少张量 %1（按此配置，本书的 GPTModel 有它）</translation>
    </message>
    <message>
        <source>tensor %1 has shape %2 but the configuration needs %3</source>
        <translation>张量 %1 的形状为 %2，但配置要求 %3</translation>
    </message>
    <message>
        <source>tensor %1 has dtype %2; the book&apos;s weights must be F32, F16 or BF16</source>
        <translation>张量 %1 的数据类型为 %2；本书模型的权重必须是 F32、F16 或 BF16</translation>
    </message>
    <message>
        <source>tensor %1 is present but %2</source>
        <translation>张量 %1 存在，但%2</translation>
    </message>
    <message>
        <source>%1: data.pkl refused: %2</source>
        <translation>%1：拒绝了 data.pkl：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the configuration has qkv_bias false</source>
        <translation>配置中 qkv_bias 为 false</translation>
    </message>
    <message>
        <source>the configuration has mlp false</source>
        <translation>配置中 mlp 为 false</translation>
    </message>
    <message>
        <source>the configuration has fewer layers</source>
        <translation>配置中的层数更少</translation>
    </message>
    <message>
        <source>the key &quot;tokenizer&quot; must be &quot;gpt2&quot;, &quot;ids&quot; or &quot;chars&quot;</source>
        <translation>键 &quot;tokenizer&quot; 必须是 &quot;gpt2&quot;、&quot;ids&quot; 或 &quot;chars&quot;</translation>
    </message>
    <message>
        <source>&quot;tokenizer&quot;: &quot;chars&quot; needs &quot;vocabulary&quot;, a list of vocab_size (%1) characters</source>
        <translation>&quot;tokenizer&quot;: &quot;chars&quot; 需要 &quot;vocabulary&quot;：由 vocab_size（%1）个字符组成的列表</translation>
    </message>
    <message>
        <source>&quot;vocabulary&quot; must list distinct single characters</source>
        <translation>&quot;vocabulary&quot; 必须列出互不相同的单个字符</translation>
    </message>
</context>
<context>
    <name>CellExplanations</name>
    <message>
        <source> + … (%1 terms)</source>
        <translation> + …（共 %1 项）</translation>
    </message>
    <message>
        <source>“%1” (token %2)</source>
        <extracomment>%1 the token&apos;s text, %2 its position, counted from 1</extracomment>
        <translation>“%1”（第 %2 个 token）</translation>
    </message>
    <message>
        <source> (head %1)</source>
        <translation>（第 %1 个头）</translation>
    </message>
    <message>
        <source>the token&apos;s vector is typed in</source>
        <translation>token 的向量为手动输入</translation>
    </message>
    <message>
        <source>the token&apos;s vector is row %1 of embedding.weight (its id)</source>
        <translation>token 的向量是 embedding.weight 的第 %1 行（即它的 id）</translation>
    </message>
    <message>
        <source>the position&apos;s is a row of pos_emb.weight</source>
        <translation>位置的向量是 pos_emb.weight 的一行</translation>
    </message>
    <message>
        <source>the position&apos;s is the sinusoidal encoding</source>
        <translation>位置的向量是正弦位置编码</translation>
    </message>
    <message>
        <source>Input of %1, dimension %2 = its token&apos;s vector + its position&apos;s
= %3 + %4 = %5
%6; %7.</source>
        <extracomment>%1 token, %2 dimension, %3 + %4 = %5 the arithmetic, %6 and %7 where the vectors come from</extracomment>
        <translation>%1 的输入，第 %2 维 = 其 token 的向量 + 其位置的向量
= %3 + %4 = %5
%6；%7。</translation>
    </message>
    <message>
        <source>Input of %1, dimension %2 = %3, typed in</source>
        <extracomment>%1 token, %2 dimension, %3 value</extracomment>
        <translation>%1 的输入，第 %2 维 = %3，手动输入</translation>
    </message>
    <message>
        <source>Input of %1, dimension %2 = %3
row %4 of embedding.weight (the token&apos;s id), whose rows are drawn by normal_(0, 1) after torch.manual_seed(%5)</source>
        <extracomment>%1 token, %2 dimension, %3 value, %4 token id, %5 seed</extracomment>
        <translation>%1 的输入，第 %2 维 = %3
即 embedding.weight 的第 %4 行（token 的 id），该表的各行在 torch.manual_seed(%5) 之后由 normal_(0, 1) 抽取</translation>
    </message>
    <message>
        <source>Query of %1, dimension %2%3 = its input · column %4 of W_query</source>
        <extracomment>%1 token, %2 dimension, %3 head, %4 column of the weight matrix</extracomment>
        <translation>%1 的查询，第 %2 维%3 = 其输入 · W_query 的第 %4 列</translation>
    </message>
    <message>
        <source>Key of %1, dimension %2%3 = its input · column %4 of W_key</source>
        <translation>%1 的键，第 %2 维%3 = 其输入 · W_key 的第 %4 列</translation>
    </message>
    <message>
        <source>Value of %1, dimension %2%3 = its input · column %4 of W_value</source>
        <translation>%1 的值，第 %2 维%3 = 其输入 · W_value 的第 %4 列</translation>
    </message>
    <message>
        <source> + its bias</source>
        <translation> + 其偏置</translation>
    </message>
    <message>
        <source>Score of key %1 for query %2%3 = the query&apos;s input · the key&apos;s input</source>
        <extracomment>%1 key token, %2 query token, %3 head</extracomment>
        <translation>查询 %2 对键 %1 的得分%3 = 查询的输入 · 键的输入</translation>
    </message>
    <message>
        <source>Score of key %1 for query %2%3 = query · key</source>
        <translation>查询 %2 对键 %1 的得分%3 = 查询 · 键</translation>
    </message>
    <message>
        <source>Scaled score of key %1 for query %2%3 = score / √d_k
= %4 / %5 = %6
Dividing by √d_k keeps the scores&apos; spread near 1, so softmax does not saturate.</source>
        <extracomment>%1 key token, %2 query token, %3 head, %4 / %5 = %6 the arithmetic</extracomment>
        <translation>查询 %2 对键 %1 的缩放得分%3 = 得分 / √d_k
= %4 / %5 = %6
除以 √d_k 使得分的离散程度保持在 1 附近，softmax 就不会饱和。</translation>
    </message>
    <message>
        <source>Mask = 1: key %1 comes after query %2, so it is hidden</source>
        <translation>掩码 = 1：键 %1 位于查询 %2 之后，因此被遮住</translation>
    </message>
    <message>
        <source>Mask = 0: key %1 is at or before query %2, so it stays visible</source>
        <translation>掩码 = 0：键 %1 位于查询 %2 处或之前，因此保持可见</translation>
    </message>
    <message>
        <source>Masked score of key %1 for query %2%3 = −∞: a future key; exp(−∞) = 0, so its weight will be 0</source>
        <extracomment>%1 key token, %2 query token, %3 head</extracomment>
        <translation>查询 %2 对键 %1 的掩码后得分%3 = −∞：未来的键；exp(−∞) = 0，所以它的权重将为 0</translation>
    </message>
    <message>
        <source>Masked score of key %1 for query %2%3 = its score, %4: the key is visible</source>
        <extracomment>%1 key token, %2 query token, %3 head, %4 the score</extracomment>
        <translation>查询 %2 对键 %1 的掩码后得分%3 = 其得分 %4：该键可见</translation>
    </message>
    <message>
        <source>Weight of key %1 for query %2%3 = exp(%4 − max) / Σ exp(%4 − max)
= exp(%5 − %6) / %7 = %8
The query&apos;s weights sum to 1 over the %9 keys it sees.</source>
        <extracomment>%1 key token, %2 query token, %3 head, %4 &quot;s&quot; or &quot;s/√d_k&quot;, %5..%8 the arithmetic, %9 the number of keys the query sees</extracomment>
        <translation>查询 %2 给键 %1 的权重%3 = exp(%4 − max) / Σ exp(%4 − max)
= exp(%5 − %6) / %7 = %8
该查询的权重在它可见的 %9 个键上求和为 1。</translation>
    </message>
    <message>
        <source>Dropout keeps the weight of key %1 for query %2%3 (mask 1): its uniform draw was below 1 − p = %4</source>
        <extracomment>%1 key token, %2 query token, %3 head, %4 1 − p</extracomment>
        <translation>Dropout 保留查询 %2 给键 %1 的权重%3（掩码 1）：其均匀随机数小于 1 − p = %4</translation>
    </message>
    <message>
        <source>Dropout drops the weight of key %1 for query %2%3 (mask 0): its uniform draw was at least 1 − p = %4</source>
        <translation>Dropout 丢弃查询 %2 给键 %1 的权重%3（掩码 0）：其均匀随机数不小于 1 − p = %4</translation>
    </message>
    <message>
        <source>Weight of key %1 for query %2%3 after dropout = weight × keep × 1/(1 − p)
= %4 × %5 × %6 = %7</source>
        <extracomment>%1 key token, %2 query token, %3 head, %4 × %5 × %6 = %7 the arithmetic</extracomment>
        <translation>dropout 之后查询 %2 给键 %1 的权重%3 = 权重 × 保留 × 1/(1 − p)
= %4 × %5 × %6 = %7</translation>
    </message>
    <message>
        <source>Context of query %1, dimension %2%3 = Σ over the keys of weight × value</source>
        <extracomment>%1 query token, %2 dimension, %3 head</extracomment>
        <translation>查询 %1 的上下文，第 %2 维%3 = 对所有键求和 权重 × 值</translation>
    </message>
    <message>
        <source>Context of query %1, dimension %2%3 = Σ over the keys of weight × input</source>
        <translation>查询 %1 的上下文，第 %2 维%3 = 对所有键求和 权重 × 输入</translation>
    </message>
    <message>
        <source>Output of query %1, dimension %2 = its heads&apos; contexts · column %2 of out_proj.weight + out_proj.bias</source>
        <extracomment>%1 query token, %2 dimension</extracomment>
        <translation>查询 %1 的输出，第 %2 维 = 其各头的上下文 · out_proj.weight 的第 %2 列 + out_proj.bias</translation>
    </message>
    <message>
        <source>Mask = 1: key %1 is outside the window of %3 keys of query %2, so it is hidden</source>
        <extracomment>%1 key token, %2 query token %1 key token, %2 query token, %3 the window</extracomment>
        <translation>掩码 = 1：键 %1 在查询 %2 的 %3 个键的窗口之外，因此被隐藏</translation>
    </message>
    <message>
        <source>Mask = 0: key %1 is inside the window of %3 keys of query %2, so it stays visible</source>
        <translation>掩码 = 0：键 %1 在查询 %2 的 %3 个键的窗口之内，因此保持可见</translation>
    </message>
    <message>
        <source>Weight of key %1 for query %2%3 = 0: the mask hides the key</source>
        <extracomment>%1 key token, %2 query token, %3 head</extracomment>
        <translation>查询 %2%3 对键 %1 的权重 = 0：掩码隐藏了该键</translation>
    </message>
</context>
<context>
    <name>ColorBarPainter</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>per row</source>
        <translation>按行</translation>
    </message>
    <message>
        <source>0 to max</source>
        <translation>0 到最大值</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>log</source>
        <translation>对数</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Attention Explorer: computes attention in transformers step by step, with PyTorch&apos;s numbers.
Without --dump-json it opens the desktop app.</source>
        <translation>Attention Explorer：逐步计算 Transformer 中的注意力，数值与 PyTorch 完全一致。
不带 --dump-json 时打开桌面应用。</translation>
    </message>
    <message>
        <source>Session file (JSON) to open.</source>
        <translation>要打开的会话文件（JSON）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Compute without a display and write every tensor as JSON.</source>
        <translation>不显示界面，计算后将每个张量写为 JSON。</translation>
    </message>
    <message>
        <source>Time the session&apos;s stages (embedding, init, forward, rendering) and print them as JSON.</source>
        <translation>为会话的各个阶段（嵌入、初始化、前向计算、渲染）计时，并以 JSON 输出。</translation>
    </message>
    <message>
        <source>Compute without a display and write every figure of the session into a directory.</source>
        <translation>不显示界面，计算后将会话的每张图写入一个目录。</translation>
    </message>
    <message>
        <source>directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Figure formats for --export, comma-separated: png, svg, pdf, csv (default: png,svg,pdf).</source>
        <translation>--export 的图片格式，以逗号分隔：png、svg、pdf、csv（默认：png,svg,pdf）。</translation>
    </message>
    <message>
        <source>formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>PNG scale for --export: 1, 2 or 4 (default 1).</source>
        <translation>--export 的 PNG 缩放倍数：1、2 或 4（默认 1）。</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>倍数</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>Start in presentation mode: full screen, large fonts, the walkthrough.</source>
        <translation>以演示模式启动：全屏、大字号，并打开分步讲解。</translation>
    </message>
    <message>
        <source>Write the walkthrough of the session as a PDF deck, one page per step, without a display.</source>
        <translation>不显示界面，将会话的分步讲解写为 PDF 幻灯片，每个步骤一页。</translation>
    </message>
    <message>
        <source>file.pdf</source>
        <translation>文件.pdf</translation>
    </message>
    <message>
        <source>Session key %1 (overrides the file).</source>
        <translation>会话键 %1（覆盖文件中的值）。</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Run with --help for the options.</source>
        <translation>使用 --help 查看所有选项。</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>unexpected argument %1; give a session file with --session FILE</source>
        <translation>意外的参数 %1；请用 --session FILE 指定会话文件</translation>
    </message>
    <message>
        <source>--%1 is given more than once; give it once</source>
        <translation>--%1 给出了不止一次；请只给一次</translation>
    </message>
    <message>
        <source>--%1 needs a file name, not an empty text</source>
        <translation>--%1 需要一个文件名，而不是空文本</translation>
    </message>
    <message>
        <source>%1 cannot be combined: choose one</source>
        <translation>%1 不能同时使用：请选择其一</translation>
    </message>
    <message>
        <source>--%1 applies only to --export</source>
        <translation>--%1 只适用于 --export</translation>
    </message>
    <message>
        <source>--%1 applies only to the window, not to %2</source>
        <translation>--%1 只适用于窗口，不适用于 %2</translation>
    </message>
    <message>
        <source>With a GPT-2 model: the layer, from 1 (default 1), whose steps the window shows first and whose step figures --export and --export-deck draw (beside the model view, head view and next-token figures). --dump-json writes every layer.</source>
        <translation>用于 GPT-2 模型：层号，从 1 开始（默认 1）；窗口首先显示该层的步骤，--export 和 --export-deck 绘制该层的步骤图（另有模型视图、头视图和下一词元图）。--dump-json 写出所有层。</translation>
    </message>
    <message>
        <source>number</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>--layer applies only to --export, --export-deck and the window, not to %1 (which covers every layer)</source>
        <translation>--layer 只适用于 --export、--export-deck 和窗口，不适用于 %1（它涵盖所有层）</translation>
    </message>
    <message>
        <source>--layer must be a whole number from 1 (the first layer), not %1</source>
        <translation>--layer 必须是从 1（第一层）开始的整数，而不是 %1</translation>
    </message>
    <message>
        <source>--%1 is not valid UTF-8: byte 0x%2 at byte %3 of its value; give text in UTF-8, as a session file holds it</source>
        <translation>--%1 不是有效的 UTF-8：其值的第 %3 个字节为 0x%2；请以 UTF-8 给出文本，与会话文件相同</translation>
    </message>
    <message>
        <source>With a model: keep the first n_ctx tokens of a longer sentence instead of refusing it (the session key truncate).</source>
        <translation>使用模型时：句子比模型可读的更长时保留其前 n_ctx 个 token，而不是拒绝（会话键 truncate）。</translation>
    </message>
    <message>
        <source>The language of the interface and the messages: en or zh_CN (default: the window takes the one chosen last in its menu, else the system&apos;s; the command line&apos;s messages follow the environment, LANG).</source>
        <translation>界面和消息的语言：en 或 zh_CN（默认：窗口使用上次在其菜单中选择的语言，否则使用系统语言；命令行的消息跟随环境变量 LANG）。</translation>
    </message>
    <message>
        <source>Did you mean --%1?</source>
        <translation>你是不是想输入 --%1？</translation>
    </message>
    <message>
        <source>The step the app shows first: tokens, embeddings, projections, rope, scores, weights, dropout, context, heads or flash; with a model checkpoint also model_view, head_view, next_token, head_roles, ablation or generate.</source>
        <translation>应用首先显示的步骤：tokens、embeddings、projections、rope、scores、weights、dropout、context、heads 或 flash；打开模型检查点时还可选 model_view、head_view、next_token、head_roles、ablation 或 generate。</translation>
    </message>
    <message>
        <source>Train the book&apos;s model on a training session (JSON): without a display with --dump-json (losses, probe, head scores) or --benchmark; else in the window&apos;s training lab.</source>
        <translation>按训练会话（JSON）训练书中的模型：配合 --dump-json（损失、探针、注意力头得分）或 --benchmark 时不打开窗口；否则在窗口的训练实验室中训练。</translation>
    </message>
    <message>
        <source>With --train: the number of steps (overrides train.steps).</source>
        <translation>与 --train 一起使用：训练步数（覆盖 train.steps）。</translation>
    </message>
    <message>
        <source>With --train and --dump-json: write the trained model as the book&apos;s checkpoint (model.safetensors, config.json) into a directory.</source>
        <translation>与 --train 和 --dump-json 一起使用：把训练好的模型以书中的检查点格式（model.safetensors、config.json）写入目录。</translation>
    </message>
    <message>
        <source>--%1 applies only to --train</source>
        <translation>--%1 只适用于 --train</translation>
    </message>
    <message>
        <source>--train needs --dump-json FILE or --benchmark, or no other mode (the training lab opens)</source>
        <translation>--train 需要 --dump-json FILE 或 --benchmark，或者不带其他模式（此时打开训练实验室）</translation>
    </message>
    <message>
        <source>--save-checkpoint applies only to --train with --dump-json</source>
        <translation>--save-checkpoint 只适用于带 --dump-json 的 --train</translation>
    </message>
    <message>
        <source>--steps must be a whole number from 1, not %1</source>
        <translation>--steps 必须是从 1 起的整数，而不是 %1</translation>
    </message>
</context>
<context>
    <name>DeckExporter</name>
    <message>
        <source>the session cannot be computed: %1</source>
        <translation>无法计算该会话：%1</translation>
    </message>
    <message>
        <source>Attention, step by step: %1</source>
        <translation>逐步理解注意力：%1</translation>
    </message>
    <message>
        <source>the PDF renderer failed</source>
        <translation>PDF 渲染器出错</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>unknown reason</source>
        <translation>原因不明</translation>
    </message>
    <message>
        <source>Attention Explorer · %1</source>
        <translation>Attention Explorer · %1</translation>
    </message>
    <message>
        <source>This step&apos;s session cannot be computed: %1</source>
        <translation>无法计算此步骤的会话：%1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>DeckSlidePainter</name>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>a GPT-2 checkpoint (model) is computed by the model engine, not by the random attention module&apos;s</source>
        <translation>GPT-2 检查点（model）由模型引擎计算，而不是由随机注意力模块的引擎计算</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>This page has no figures to export.</source>
        <translation>此页面没有可导出的图。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Exported %1 figure(s) to %2</source>
        <translation>已将 %1 张图导出到 %2</translation>
    </message>
    <message>
        <source>Copied &quot;%1&quot;</source>
        <translation>已复制“%1”</translation>
    </message>
    <message>
        <source>Writing the walkthrough deck…</source>
        <translation>正在写入分步讲解幻灯片…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export Walkthrough Deck</source>
        <translation>导出分步讲解幻灯片</translation>
    </message>
    <message>
        <source>walkthrough.pdf</source>
        <translation>walkthrough.pdf</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
</context>
<context>
    <name>ExportRunner</name>
    <message>
        <source>--scale must be 1, 2 or 4, not %1</source>
        <translation>--scale 必须是 1、2 或 4，而不是 %1</translation>
    </message>
    <message>
        <source>wrote %1 files to %2</source>
        <translation>已将 %1 个文件写入 %2</translation>
    </message>
    <message>
        <source>this export would write %1 files; at most %2 are written at once: choose fewer formats (--format) or fewer heads</source>
        <translation>此次导出将写入 %1 个文件；一次最多写入 %2 个：请选择更少的格式（--format）或更少的头</translation>
    </message>
    <message>
        <source>the export failed; the files it had written were removed</source>
        <translation>导出失败；已删除它写入的文件</translation>
    </message>
    <message>
        <source>--layer %1 is out of range: %2 has %3 layers; give a layer from 1 to %3</source>
        <translation>--layer %1 超出范围：%2 有 %3 层；请给出 1 到 %3 之间的层</translation>
    </message>
    <message>
        <source>--layer applies only to a model session (--model FILE or the session key model)</source>
        <translation>--layer 只适用于模型会话（--model FILE 或会话键 model）</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>另外 %1 个</translation>
    </message>
    <message>
        <source>%1 also holds %2 entries this export did not write (an earlier export&apos;s or yours), left as they were: %3</source>
        <translation>%1 中还有 %2 个不是本次导出写入的条目（来自更早的导出或您自己），已原样保留：%3</translation>
    </message>
</context>
<context>
    <name>FigureExporter</name>
    <message>
        <source>empty format name in &quot;%1&quot;; known formats: png, svg, pdf, csv</source>
        <translation>“%1”中有空的格式名；可用的格式：png、svg、pdf、csv</translation>
    </message>
    <message>
        <source>unknown export format &quot;%1&quot;; known formats: png, svg, pdf, csv</source>
        <translation>未知的导出格式“%1”；可用的格式：png、svg、pdf、csv</translation>
    </message>
    <message>
        <source>Exported by Attention Explorer</source>
        <translation>由 Attention Explorer 导出</translation>
    </message>
    <message>
        <source>the image would be too large (%1×%2 pixels)</source>
        <translation>图像将会过大（%1×%2 像素）</translation>
    </message>
    <message>
        <source>the %1 renderer failed</source>
        <translation>%1 渲染器出错</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Gpt2Checkpoint</name>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>it is not a JSON object (%1)</source>
        <translation>它不是 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>n_layer %1 is more than %2</source>
        <translation>n_layer %1 超过了 %2</translation>
    </message>
    <message>
        <source>n_embd (%1) is not a multiple of n_head (%2)</source>
        <translation>n_embd（%1）不是 n_head（%2）的倍数</translation>
    </message>
    <message>
        <source>layer_norm_epsilon must be a number between 0 and 1</source>
        <translation>layer_norm_epsilon 必须是 0 到 1 之间的数</translation>
    </message>
    <message>
        <source>not a GPT-2 checkpoint: it has no tensor wte.weight (nor transformer.wte.weight)</source>
        <translation>不是 GPT-2 检查点：其中没有张量 wte.weight（也没有 transformer.wte.weight）</translation>
    </message>
    <message>
        <source>not a GPT-2 checkpoint: wte.weight and wpe.weight must be two matrices with the same number of columns (n_embd)</source>
        <translation>不是 GPT-2 检查点：wte.weight 和 wpe.weight 必须是列数（n_embd）相同的两个矩阵</translation>
    </message>
    <message>
        <source>not a GPT-2 checkpoint: it has no layer tensors (h.0.…)</source>
        <translation>不是 GPT-2 检查点：其中没有层的张量（h.0.…）</translation>
    </message>
    <message>
        <source>there is no config.json beside it and n_embd (%1) is not a multiple of 64, so the number of heads is unknown: put the model&apos;s config.json beside it</source>
        <translation>它旁边没有 config.json，且 n_embd（%1）不是 64 的倍数，因此无法得知注意力头的个数：请把该模型的 config.json 放在它旁边</translation>
    </message>
    <message>
        <source>tensor %1 is missing (a GPT-2 checkpoint has it)</source>
        <translation>缺少张量 %1（GPT-2 检查点应包含它）</translation>
    </message>
    <message>
        <source>tensor %1 has shape %2 but the configuration needs %3</source>
        <translation>张量 %1 的形状为 %2，但配置要求 %3</translation>
    </message>
    <message>
        <source>tensor %1 has dtype %2; GPT-2 weights must be F32, F16 or BF16</source>
        <translation>张量 %1 的 dtype 为 %2；GPT-2 权重必须是 F32、F16 或 BF16</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot read it (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>not a regular file but a pipe, a socket or a device</source>
        <translation>不是普通文件，而是管道、套接字或设备</translation>
    </message>
    <message>
        <source>it is %1 bytes; a config.json may be at most 1 MB</source>
        <translation>它有 %1 字节；config.json 最大为 1 MB</translation>
    </message>
    <message>
        <source>it grew beyond 1 MB while it was read</source>
        <translation>读取期间它增长到超过 1 MB</translation>
    </message>
    <message>
        <source>tensor %1 holds %2 at %3: a checkpoint&apos;s weights must all be finite numbers</source>
        <translation>张量 %1 在 %3 处含有 %2：检查点的权重必须全部是有限数</translation>
    </message>
    <message>
        <source>%1: it is a folder without model.safetensors or model.pth</source>
        <translation>%1：这是一个文件夹，其中没有 model.safetensors 或 model.pth</translation>
    </message>
</context>
<context>
    <name>Gpt2Session</name>
    <message>
        <source>sentence is empty: type at least one character</source>
        <translation>sentence 为空：请至少输入一个字符</translation>
    </message>
    <message>
        <source>token %1 of sentence has id %2, beyond the model&apos;s vocabulary of %3 tokens</source>
        <translation>sentence 的第 %1 个 token 的 id 为 %2，超出了模型 %3 个 token 的词表</translation>
    </message>
    <message>
        <source>this run would need %1 of memory (T=%2, %3 layers of %4 heads, n_embd %5) besides the %6 of weights read from the checkpoint&apos;s file; the limit is %7: shorten the sentence</source>
        <translation>本次运行除从检查点文件读取的 %6 权重外，还需要 %1 内存（T=%2，%3 层，每层 %4 个头，n_embd %5）；上限为 %7：请缩短句子</translation>
    </message>
    <message>
        <source>token %1 of sentence, %2, is not an id: this model reads its ids written out, 0 to %3, separated by spaces</source>
        <translation>句子的第 %1 个词元 %2 不是编号：此模型读取写出的编号（0 到 %3），以空格分隔</translation>
    </message>
    <message>
        <source>character %1 of sentence, %2, is not in the model&apos;s vocabulary (the %3 characters of the text it was trained on)</source>
        <translation>句子的第 %1 个字符 %2 不在模型的词表中（词表是其训练文本中的 %3 个字符）</translation>
    </message>
    <message>
        <source>%1 is missing: the model&apos;s text cannot be read into its tokens without it (download it from the model&apos;s page)</source>
        <translation>缺少 %1：没有它，无法把文本读成模型的词元（请从模型页面下载）</translation>
    </message>
    <message>
        <source>sentence has %1 tokens but the model reads at most %3 = %2: shorten it, or keep its first %2 tokens (--truncate, or &quot;truncate&quot;: true in the session)</source>
        <translation>sentence 有 %1 个 token，但模型最多读取 %3 = %2 个：请缩短它，或保留其前 %2 个 token（--truncate，或在会话中设置 &quot;truncate&quot;: true）</translation>
    </message>
</context>
<context>
    <name>HeadAnalysisFigures</name>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Previous-token heads</source>
        <translation>前一词元头</translation>
    </message>
    <message>
        <source>Duplicate-token heads</source>
        <translation>重复词元头</translation>
    </message>
    <message>
        <source>Induction heads</source>
        <translation>归纳头</translation>
    </message>
    <message>
        <source>layer %1, head %2: %3 % of its attention falls on the pattern&apos;s cells</source>
        <translation>第 %1 层，第 %2 个头：它的注意力有 %3 % 落在模式的单元上</translation>
    </message>
    <message>
        <source>layer %1, head %2: 1 − round(mean|A − P|·T, 3) = %3</source>
        <translation>第 %1 层，第 %2 个头：1 − round(mean|A − P|·T, 3) = %3</translation>
    </message>
    <message>
        <source>Which heads do what: the share of each head&apos;s attention on each pattern</source>
        <translation>各个头做什么：每个头的注意力落在各模式上的比例</translation>
    </message>
    <message>
        <source>Which heads do what: 1 − the mean distance to each pattern</source>
        <translation>各个头做什么：1 − 与各模式的平均距离</translation>
    </message>
    <message>
        <source>Layer %1, head %2: its weights, the pattern framed</source>
        <translation>第 %1 层，第 %2 个头：它的权重，模式单元加框</translation>
    </message>
    <message>
        <source>%1: %2 cells of P are 1</source>
        <translation>%1：P 中有 %2 个单元为 1</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>How far the next token moves: KL(base ‖ ablated)</source>
        <translation>下一个词元的分布变化多少：KL(原模型 ‖ 消融后)</translation>
    </message>
    <message>
        <source>What the loss loses: loss(ablated) − loss(base)</source>
        <translation>损失变化多少：loss(消融后) − loss(原模型)</translation>
    </message>
    <message>
        <source>%1 ablation of each head in turn, base loss %2</source>
        <translation>依次对每个头做 %1 消融，原损失 %2</translation>
    </message>
    <message>
        <source>layer %1, head %2 ablated: KL = %3</source>
        <translation>消融第 %1 层第 %2 个头：KL = %3</translation>
    </message>
    <message>
        <source>layer %1, head %2 ablated: loss %3 − %4 = %5</source>
        <translation>消融第 %1 层第 %2 个头：损失 %3 − %4 = %5</translation>
    </message>
</context>
<context>
    <name>HeadlessRunner</name>
    <message>
        <source>cannot write to the standard output: %1</source>
        <translation>无法写入标准输出：%1</translation>
    </message>
</context>
<context>
    <name>HeadsOptions</name>
    <message>
        <source>--%1 must be %2, not %3</source>
        <translation>--%1 必须是%2，而不是 %3</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>With a model and --dump-json: score every head as a previous-token, duplicate-token and induction head (TransformerLens&apos;s detect_head, mul and abs).</source>
        <translation>配合模型和 --dump-json：为每个头计算前一词元头、重复词元头和归纳头的得分（TransformerLens 的 detect_head，mul 与 abs）。</translation>
    </message>
    <message>
        <source>With --detect-heads: leave the first token&apos;s column out (detect_head&apos;s exclude_bos).</source>
        <translation>配合 --detect-heads：不计第一个词元所在的列（detect_head 的 exclude_bos）。</translation>
    </message>
    <message>
        <source>With --detect-heads: leave each token&apos;s attention to itself out (exclude_current_token).</source>
        <translation>配合 --detect-heads：不计每个词元对自身的注意力（exclude_current_token）。</translation>
    </message>
    <message>
        <source>With --detect-heads or --ablate: run on the probe instead of the sentence; induction: &lt;|endoftext|&gt; + r + r, r random tokens.</source>
        <translation>配合 --detect-heads 或 --ablate：在探针上运行而不是在句子上；induction：&lt;|endoftext|&gt; + r + r，r 为随机词元。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>The probe&apos;s torch.Generator seed (default 0).</source>
        <translation>探针的 torch.Generator 种子（默认 0）。</translation>
    </message>
    <message>
        <source>The length of r in the probe (default 32).</source>
        <translation>探针中 r 的长度（默认 32）。</translation>
    </message>
    <message>
        <source>With a model and --dump-json: ablate every head in turn (zero or mean) and report the loss, the KL and the next tokens.</source>
        <translation>配合模型和 --dump-json：依次消融每个头（zero 或 mean），报告损失、KL 和下一个词元。</translation>
    </message>
    <message>
        <source>zero|mean</source>
        <translation>zero|mean</translation>
    </message>
    <message>
        <source>With a model and --dump-json: generate this many tokens after the sentence (the book&apos;s generate, with a key/value cache).</source>
        <translation>配合模型和 --dump-json：在句子之后生成这么多个词元（书中的 generate，使用键/值缓存）。</translation>
    </message>
    <message>
        <source>With --generate: sample at this temperature (default 0: the most probable token).</source>
        <translation>配合 --generate：以此温度采样（默认 0：取概率最大的词元）。</translation>
    </message>
    <message>
        <source>With --generate: sample among the k most probable tokens only.</source>
        <translation>配合 --generate：只在概率最大的 k 个词元中采样。</translation>
    </message>
    <message>
        <source>With --generate: torch.manual_seed before the first token (default 123).</source>
        <translation>配合 --generate：在第一个词元之前调用 torch.manual_seed（默认 123）。</translation>
    </message>
    <message>
        <source>With --generate: stop when &lt;|endoftext|&gt; is drawn (as the book&apos;s eos_id: it is not appended).</source>
        <translation>配合 --generate：抽到 &lt;|endoftext|&gt; 时停止（同书中的 eos_id：它不会被追加）。</translation>
    </message>
    <message>
        <source>%1 cannot be combined: choose one</source>
        <translation>%1 不能同时使用：请选择其一</translation>
    </message>
    <message>
        <source>%1 writes its results with --dump-json FILE; give it</source>
        <translation>%1 通过 --dump-json FILE 写出结果；请提供它</translation>
    </message>
    <message>
        <source>--%1 applies only to %2</source>
        <translation>--%1 只适用于 %2</translation>
    </message>
    <message>
        <source>--ablate must be zero or mean, not %1</source>
        <translation>--ablate 必须是 zero 或 mean，而不是 %1</translation>
    </message>
    <message>
        <source>--probe must be induction, not %1</source>
        <translation>--probe 必须是 induction，而不是 %1</translation>
    </message>
    <message>
        <source>a whole number from 0</source>
        <translation>从 0 开始的整数</translation>
    </message>
    <message>
        <source>a whole number of tokens from 1</source>
        <translation>从 1 开始的词元个数（整数）</translation>
    </message>
    <message>
        <source>a whole number of new tokens from 1</source>
        <translation>从 1 开始的新词元个数（整数）</translation>
    </message>
    <message>
        <source>a number from 0 (0: the most probable token)</source>
        <translation>从 0 开始的数（0：取概率最大的词元）</translation>
    </message>
    <message>
        <source>a whole number from 1 (the tokens kept)</source>
        <translation>从 1 开始的整数（保留的词元数）</translation>
    </message>
</context>
<context>
    <name>HeadsRunner</name>
    <message>
        <source>--probe-length %1 makes a probe of %2 tokens, more than the model reads (n_ctx = %3); give at most %4</source>
        <translation>--probe-length %1 得到 %2 个词元的探针，超过模型能读取的长度（n_ctx = %3）；最多为 %4</translation>
    </message>
    <message>
        <source>%1 needs a model: give --model FILE (or the session key model)</source>
        <translation>%1 需要模型：请提供 --model FILE（或会话键 model）</translation>
    </message>
    <message>
        <source>--top-k %1 is more than the model&apos;s vocabulary (vocab_size = %2); give 1 to %2</source>
        <translation>--top-k %1 超过模型的词表大小（vocab_size = %2）；请给出 1 到 %2</translation>
    </message>
    <message>
        <source>%1 needs at least 2 tokens (it reads what each token does with the ones before it); the sentence has 1</source>
        <translation>%1 至少需要 2 个词元（它考察每个词元如何利用之前的词元）；这个句子只有 1 个</translation>
    </message>
</context>
<context>
    <name>HeatmapPainter</name>
    <message>
        <source>%1×%2 shown as %3×%4 (max |value| per %5×%6 block)</source>
        <translation>%1×%2 显示为 %3×%4（每个 %5×%6 块取最大 |值|）</translation>
    </message>
    <message>
        <source>empty matrix (%1×%2)</source>
        <translation>空矩阵（%1×%2）</translation>
    </message>
</context>
<context>
    <name>Interruption</name>
    <message>
        <source>stopped by %1; this run left no file behind</source>
        <translation>已被 %1 停止；本次运行没有留下任何文件</translation>
    </message>
</context>
<context>
    <name>LlamaCheckpoint</name>
    <message>
        <source>%1: tensor %2 is missing (the configuration needs it)</source>
        <translation>%1：缺少张量 %2（配置需要它）</translation>
    </message>
    <message>
        <source>%1: tensor %2 has shape %3 but the configuration needs %4</source>
        <translation>%1：张量 %2 的形状为 %3，但配置需要 %4</translation>
    </message>
    <message>
        <source>%1: tensor %2 has dtype %3; weights must be F32, F16 or BF16</source>
        <translation>%1：张量 %2 的数据类型为 %3；权重必须是 F32、F16 或 BF16</translation>
    </message>
    <message>
        <source>%1: tensor %2 holds %3 at element %4: a checkpoint&apos;s weights must all be finite numbers</source>
        <translation>%1：张量 %2 在第 %4 个元素处为 %3：检查点的权重必须全部是有限数</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>%1 must be a number between %2 and %3</source>
        <translation>%1 必须是介于 %2 和 %3 之间的数</translation>
    </message>
    <message>
        <source>%1 must be true or false</source>
        <translation>%1 必须是 true 或 false</translation>
    </message>
    <message>
        <source>“rope_scaling” must be null or an object</source>
        <translation>“rope_scaling”必须是 null 或一个对象</translation>
    </message>
    <message>
        <source>rope_scaling.rope_type “%1” is not supported (only “llama3” scaling is)</source>
        <translation>不支持 rope_scaling.rope_type“%1”（只支持“llama3”缩放）</translation>
    </message>
    <message>
        <source>rope_scaling.high_freq_factor must be larger than rope_scaling.low_freq_factor</source>
        <translation>rope_scaling.high_freq_factor 必须大于 rope_scaling.low_freq_factor</translation>
    </message>
    <message>
        <source>model_type “%1” is not one the app opens (llama, mistral, qwen2, qwen3; gpt2)</source>
        <translation>本应用无法打开 model_type 为“%1”的模型（支持 llama、mistral、qwen2、qwen3；gpt2）</translation>
    </message>
    <message>
        <source>“num_hidden_layers” %1 is more than %2</source>
        <translation>“num_hidden_layers”为 %1，超过了 %2</translation>
    </message>
    <message>
        <source>“num_key_value_heads” (%1) does not divide “num_attention_heads” (%2)</source>
        <translation>“num_key_value_heads”（%1）不能整除“num_attention_heads”（%2）</translation>
    </message>
    <message>
        <source>“hidden_size” (%1) is not a multiple of “num_attention_heads” (%2) and there is no “head_dim”</source>
        <translation>“hidden_size”（%1）不是“num_attention_heads”（%2）的倍数，且没有“head_dim”</translation>
    </message>
    <message>
        <source>“head_dim” %1 is odd: rotary positions turn pairs of dimensions</source>
        <translation>“head_dim”为 %1，是奇数：旋转位置编码按维度对旋转</translation>
    </message>
    <message>
        <source>hidden_act “%1” is not supported (only “silu”, SwiGLU&apos;s gate, is)</source>
        <translation>不支持 hidden_act“%1”（只支持 SwiGLU 门控所用的“silu”）</translation>
    </message>
    <message>
        <source>“mlp_bias” true is not supported</source>
        <translation>不支持“mlp_bias”为 true</translation>
    </message>
    <message>
        <source>“use_sliding_window” true is not supported for %1 (its window applies to some layers only)</source>
        <translation>%1 不支持“use_sliding_window”为 true（其窗口只作用于部分层）</translation>
    </message>
    <message>
        <source>it is not a JSON object (%1)</source>
        <translation>它不是 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>%1: it has no “weight_map” object naming the file of each tensor</source>
        <translation>%1：缺少指明每个张量所在文件的“weight_map”对象</translation>
    </message>
    <message>
        <source>%1: the file of tensor “%2” must be a file name in the same folder</source>
        <translation>%1：张量“%2”所在的文件必须是同一文件夹中的文件名</translation>
    </message>
    <message>
        <source>%1: shard %2 is missing (%3 lists it)</source>
        <translation>%1：缺少分片 %2（%3 列出了它）</translation>
    </message>
    <message>
        <source>%1: it holds neither %2 nor %3</source>
        <translation>%1：其中既没有 %2 也没有 %3</translation>
    </message>
    <message>
        <source>%1: its tokens go up to id %2 but the model&apos;s vocab_size is %3: it is another model&apos;s tokenizer</source>
        <translation>%1：其词元 id 最大为 %2，但模型的 vocab_size 是 %3：这是另一个模型的分词器</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>out of memory: this session needs more memory than the system gives; shorten the sentence or reduce num_heads or the dimensions</source>
        <translation>内存不足：此会话需要的内存超过系统所能提供的；请缩短句子，或减少 num_heads 或维度</translation>
    </message>
    <message>
        <source>internal error: %1</source>
        <translation>内部错误：%1</translation>
    </message>
</context>
<context>
    <name>MessageText</name>
    <message>
        <source>…(+%1 characters)</source>
        <translation>…（另有 %1 个字符）</translation>
    </message>
</context>
<context>
    <name>ModelFamily</name>
    <message>
        <source>the book&apos;s GPTModel</source>
        <translation>书中的 GPTModel</translation>
    </message>
    <message>
        <source>GPT-2</source>
        <translation>GPT-2</translation>
    </message>
</context>
<context>
    <name>ModelFigures</name>
    <message>
        <source>Attention weights of every layer and head (each row scaled to its maximum)</source>
        <translation>每一层每个头的注意力权重（每行按其最大值缩放）</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>head %1 · %2 %</source>
        <translation>头 %1 · %2 %</translation>
    </message>
    <message>
        <source>Layer %1: where &quot;%2&quot; (token %3) attends, per head</source>
        <translation>第 %1 层：“%2”（第 %3 个 token）在每个头中关注哪里</translation>
    </message>
    <message>
        <source>row %1 of softmax(q·kᵀ / √%2) of every head : (%3 heads × %4 keys)</source>
        <translation>每个头的 softmax(q·kᵀ / √%2) 的第 %1 行：（%3 个头 × %4 个键）</translation>
    </message>
    <message>
        <source>row %1 of softmax(q·kᵀ / √%2), the %3 keys some head weighs among its %4 strongest, of %5 : (%6 heads × %3 keys)</source>
        <translation>softmax(q·kᵀ / √%2) 的第 %1 行，%5 个键中被某个头列为其最强 %4 个之一的 %3 个键：(%6 个头 × %3 个键)</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>key token</source>
        <translation>键 token</translation>
    </message>
    <message>
        <source>key token (position and text)</source>
        <translation>键词元（位置和文本）</translation>
    </message>
    <message>
        <source>Next-token probabilities (temperature %1)</source>
        <translation>下一个 token 的概率（温度 %1）</translation>
    </message>
    <message>
        <source>softmax(logits / %1), the ten largest</source>
        <translation>softmax(logits / %1)，最大的十个</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>下一个 token</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
</context>
<context>
    <name>ModelMemory</name>
    <message>
        <source>%1: converting its weights to float32 in memory would take %2; the limit is %3</source>
        <translation>%1：把它的权重在内存中转换为 float32 需要 %2；上限为 %3</translation>
    </message>
</context>
<context>
    <name>ModelSlides</name>
    <message>
        <source>Here: layer %1 of %2 of the checkpoint %3 (%4, its own weights), head 1.</source>
        <translation>此处：检查点 %3（%4，其自身的权重）第 %1 层（共 %2 层），第 1 个头。</translation>
    </message>
</context>
<context>
    <name>NumberText</name>
    <message>
        <source>&quot;%1&quot; on line %2 is not a finite number: paste rows of numbers separated by tabs, spaces or commas</source>
        <translation>第 %2 行的“%1”不是有限数：请粘贴以制表符、空格或逗号分隔的数字行</translation>
    </message>
    <message>
        <source>line %1 has %2 numbers but the first row has %3: every row needs the same count</source>
        <translation>第 %1 行有 %2 个数，而第一行有 %3 个：每一行的个数必须相同</translation>
    </message>
    <message>
        <source>the clipboard holds no numbers</source>
        <translation>剪贴板中没有数字</translation>
    </message>
</context>
<context>
    <name>OutputFile</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the file name is empty</source>
        <translation>文件名为空</translation>
    </message>
    <message>
        <source>it is a directory</source>
        <translation>它是一个目录</translation>
    </message>
    <message>
        <source>the file is read-only (mode %1); it is not overwritten</source>
        <translation>该文件为只读（模式 %1）；不会覆盖它</translation>
    </message>
    <message>
        <source>the disk is full or the file is too large</source>
        <translation>磁盘已满或文件过大</translation>
    </message>
    <message>
        <source>the file is not open</source>
        <translation>文件未打开</translation>
    </message>
    <message>
        <source>it is a symbolic link that leads to no file (%1); it is left as it was</source>
        <translation>它是一个不指向任何文件的符号链接（%1）；已保持原样</translation>
    </message>
</context>
<context>
    <name>OutputFolder</name>
    <message>
        <source>cannot write %1: it is a symbolic link (an export replaces only plain files); nothing was written</source>
        <translation>无法写入 %1：它是符号链接（导出只替换普通文件）；未写入任何文件</translation>
    </message>
    <message>
        <source>cannot write %1: something that is not a file has that name; nothing was written</source>
        <translation>无法写入 %1：已有同名的非文件对象；未写入任何文件</translation>
    </message>
    <message>
        <source>cannot write %1: the file is read-only (mode %2); nothing was written</source>
        <translation>无法写入 %1：该文件为只读（权限 %2）；未写入任何文件</translation>
    </message>
    <message>
        <source>cannot create the directory %1: %2; nothing was written</source>
        <translation>无法创建目录 %1：%2；未写入任何文件</translation>
    </message>
    <message>
        <source>cannot write into %1: %2; nothing was written</source>
        <translation>无法写入 %1：%2；未写入任何文件</translation>
    </message>
    <message>
        <source>cannot write into %1: the folder is not open</source>
        <translation>无法写入 %1：该文件夹未打开</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2; the folder was left as it was</source>
        <translation>无法把 %1 移到位：%2；文件夹已保持原样</translation>
    </message>
</context>
<context>
    <name>PageCatalog</name>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Position embeddings</source>
        <translation>位置嵌入</translation>
    </message>
    <message>
        <source>Attention itself ignores word order, so a vector for each position can be added to each token&apos;s vector: a learned table (the book&apos;s chapter 2: nn.Embedding(context_length, d_in), drawn right after the token table) or the original Transformer&apos;s fixed sines and cosines.</source>
        <translation>注意力本身不关心词序，因此可以给每个 token 的向量加上一个表示其位置的向量：可以是一张学习得到的表（本书第 2 章：nn.Embedding(context_length, d_in)，紧接在 token 嵌入表之后抽取），也可以是原始 Transformer 中固定的正弦和余弦。</translation>
    </message>
    <message>
        <source>No position embeddings (as in the seed documents): the inputs are the token embeddings. Choose &quot;learned&quot; or &quot;sinusoidal&quot; positions to add them.</source>
        <translation>没有位置嵌入（与种子文档一致）：输入就是词嵌入。选择“learned”或“sinusoidal”位置即可加上位置嵌入。</translation>
    </message>
    <message>
        <source>Token embeddings</source>
        <translation>词嵌入</translation>
    </message>
    <message>
        <source>Each token id picks one row of the embedding table: a vector of d_in numbers that stands for the token. With embedding &quot;torch&quot; the table is nn.Embedding(vocab_size, d_in), filled with normal_(0, 1) right after torch.manual_seed(embedding_seed).</source>
        <translation>每个 token id 选取嵌入表中的一行：一个由 d_in 个数组成、代表该 token 的向量。嵌入方式为“torch”时，这张表是 nn.Embedding(vocab_size, d_in)，在 torch.manual_seed(embedding_seed) 之后立即由 normal_(0, 1) 填充。</translation>
    </message>
    <message>
        <source>Source embeddings</source>
        <translation>源句嵌入</translation>
    </message>
    <message>
        <source>Self-attention: queries, keys and values all come from the sentence itself. Type a source sentence to see cross-attention.</source>
        <translation>自注意力：查询、键和值都来自句子本身。输入一个源句即可查看交叉注意力。</translation>
    </message>
    <message>
        <source>Simplified attention has no trainable weights: the queries, keys and values are the embeddings themselves.</source>
        <translation>简化注意力没有可训练权重：查询、键和值就是嵌入本身。</translation>
    </message>
    <message>
        <source>Q, K, V</source>
        <translation>Q、K、V</translation>
    </message>
    <message>
        <source>Trainable weight matrices</source>
        <translation>可训练权重矩阵</translation>
    </message>
    <message>
        <source>Three matrices, learned in training, project each embedding into a query (what this token looks for), a key (what it offers to be found by) and a value (what it passes on).</source>
        <translation>三个在训练中学习的矩阵把每个嵌入投影为查询（该 token 要找什么）、键（它凭什么被找到）和值（它传递出去的内容）。</translation>
    </message>
    <message>
        <source>Queries, keys and values</source>
        <translation>查询、键和值</translation>
    </message>
    <message>
        <source>Each row is one token&apos;s projection: q(i) = x(i)·W_q, k(i) = x(i)·W_k, v(i) = x(i)·W_v. Queries and keys must have the same size d_k because they are compared by a dot product.</source>
        <translation>每一行是一个 token 的投影：q(i) = x(i)·W_q，k(i) = x(i)·W_k，v(i) = x(i)·W_v。查询和键通过点积比较，因此必须具有相同的维度 d_k。</translation>
    </message>
    <message>
        <source>Scores ω</source>
        <translation>得分 ω</translation>
    </message>
    <message>
        <source>Unnormalised attention scores</source>
        <translation>未归一化注意力得分</translation>
    </message>
    <message>
        <source>ω(i, j) = q(i)·k(j): how well query i matches key j. A large dot product means the vectors point the same way.</source>
        <translation>ω(i, j) = q(i)·k(j)：查询 i 与键 j 的匹配程度。点积越大，说明两个向量的方向越接近。</translation>
    </message>
    <message>
        <source>Scaled scores</source>
        <translation>缩放后的得分</translation>
    </message>
    <message>
        <source>Dividing by √d_k keeps the scores&apos; variance near 1 whatever the size of d_k, so that softmax does not saturate into a one-hot vector.</source>
        <translation>除以 √d_k 使得分的方差无论 d_k 多大都保持在 1 附近，这样 softmax 就不会饱和成 one-hot 向量。</translation>
    </message>
    <message>
        <source>Simplified attention applies softmax to the raw scores, without scaling.</source>
        <translation>简化注意力直接对原始得分做 softmax，不做缩放。</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>A GPT-style model predicts the next token from the ones before it, so query i may not see keys after position i. The mask marks those cells (above the diagonal) with 1.</source>
        <translation>GPT 类模型根据前面的 token 预测下一个 token，因此查询 i 不能看到位置 i 之后的键。掩码把这些单元格（主对角线以上）标记为 1。</translation>
    </message>
    <message>
        <source>Not causal: every query sees every key. Tick &quot;causal&quot; to mask the future.</source>
        <translation>非因果：每个查询都能看到每个键。勾选“causal”即可掩码未来的 token。</translation>
    </message>
    <message>
        <source>Masked scores</source>
        <translation>掩码后的得分</translation>
    </message>
    <message>
        <source>The hidden scores are replaced by −∞ before softmax: e^(−∞) = 0, so they get no weight at all.</source>
        <translation>被遮住的得分在 softmax 之前替换为 −∞：e^(−∞) = 0，因此它们完全得不到权重。</translation>
    </message>
    <message>
        <source>Not causal: nothing is masked.</source>
        <translation>非因果：没有任何内容被掩码。</translation>
    </message>
    <message>
        <source>Weights α</source>
        <translation>权重 α</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Softmax turns each row of scores into weights that are positive and sum to 1: how much each query attends to each key.</source>
        <translation>softmax 把每一行得分变为全部为正、总和为 1 的权重：表示每个查询对每个键的关注程度。</translation>
    </message>
    <message>
        <source>Two ways to mask, one result</source>
        <translation>两种掩码方式，同一个结果</translation>
    </message>
    <message>
        <source>Method 1 applies softmax to all scores, zeroes the future and renormalises each row; method 2 puts −∞ in the future cells before softmax. They agree up to float rounding; method 2 needs one step less.</source>
        <translation>方法 1 对所有得分做 softmax，将未来位置置零，再对每一行重新归一化；方法 2 在 softmax 之前把未来位置填为 −∞。两者在浮点舍入误差范围内一致；方法 2 少一步。</translation>
    </message>
    <message>
        <source>Not causal: no masking method to compare.</source>
        <translation>非因果：没有可比较的掩码方法。</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Dropout on the attention weights</source>
        <translation>注意力权重上的 dropout</translation>
    </message>
    <message>
        <source>In training, each weight is dropped with probability p and the survivors are scaled by 1/(1 − p), so that on average the weights keep their size. In eval mode dropout does nothing.</source>
        <translation>训练时，每个权重以概率 p 被丢弃，保留下来的权重乘以 1/(1 − p)，使权重的平均大小保持不变。在评估模式下 dropout 不起作用。</translation>
    </message>
    <message>
        <source>Dropout is off: it acts only in training mode with p &gt; 0 (set dropout and tick &quot;training&quot;). The weights go to the context vectors unchanged, as in model.eval().</source>
        <translation>Dropout 已关闭：它只在训练模式且 p &gt; 0 时起作用（设置 dropout 并勾选“training”）。权重原样进入上下文向量的计算，如同 model.eval()。</translation>
    </message>
    <message>
        <source>Context z</source>
        <translation>上下文 z</translation>
    </message>
    <message>
        <source>Context vectors</source>
        <translation>上下文向量</translation>
    </message>
    <message>
        <source>Each query&apos;s context vector is the weighted sum of the values: z(i) = Σ_j α(i, j)·v(j). It is the token&apos;s embedding enriched with what it attends to.</source>
        <translation>每个查询的上下文向量是值的加权和：z(i) = Σ_j α(i, j)·v(j)。它是融合了所关注内容的 token 嵌入。</translation>
    </message>
    <message>
        <source>The module&apos;s output</source>
        <translation>模块的输出</translation>
    </message>
    <message>
        <source>With several heads the context vectors are concatenated; the efficient multi-head class then mixes them with one more linear layer, out_proj.</source>
        <translation>有多个注意力头时，各头的上下文向量会被拼接起来；高效的多头注意力类随后再用一个线性层 out_proj 将它们混合。</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Every head&apos;s attention weights</source>
        <translation>每个头的注意力权重</translation>
    </message>
    <message>
        <source>Each head has its own W_q, W_k, W_v and so attends differently. The wrapper runs independent heads; the efficient class computes one big projection and splits it with view and transpose: (b, T, d_out) → (b, T, h, head_dim) → (b, h, T, head_dim).</source>
        <translation>每个头都有自己的 W_q、W_k、W_v，因此关注的方式各不相同。包装类运行彼此独立的头；高效实现类只计算一次大投影，再用 view 和 transpose 拆分：(b, T, d_out) → (b, T, h, head_dim) → (b, h, T, head_dim)。</translation>
    </message>
    <message>
        <source>One head. Choose the variant &quot;multi-head&quot; and more than one head to compare heads.</source>
        <translation>只有一个头。选择变体“multi-head”并设置多于一个头，即可比较各个头。</translation>
    </message>
    <message>
        <source>In cross-attention the keys and values come from a second sentence; its tokens are looked up in the same table. The two sentences share one vocabulary, sorted: typing a source sentence adds its words and renumbers the ids, so the sentence&apos;s own token embeddings above change too.</source>
        <translation>在交叉注意力中，键和值来自第二个句子；它的 token 在同一张嵌入表中查找。两个句子共用一个排序后的词表：输入源句会加入它的词并重新编号所有 id，因此上面句子自身的 token 嵌入也会随之改变。</translation>
    </message>
    <message>
        <source>RoPE is off. Tick &quot;RoPE&quot; under &quot;Today&apos;s attention&quot; in the session panel (self-attention with weights) to rotate the queries and keys by position, as Llama does.</source>
        <translation>RoPE 未开启。在会话面板的“当今的注意力”下勾选“RoPE”（带权重的自注意力），即可像 Llama 一样按位置旋转查询和键。</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>Rotation angles</source>
        <translation>旋转角度</translation>
    </message>
    <message>
        <source>Instead of adding a position vector to the embeddings, RoPE turns each pair of a query&apos;s and a key&apos;s dimensions by an angle m·θ_i that grows with the position m; the first pairs turn fast, the last ones slowly.</source>
        <translation>RoPE 不在嵌入上加位置向量，而是把查询和键的每一对维度旋转一个随位置 m 增长的角度 m·θ_i；前面的维度对转得快，后面的转得慢。</translation>
    </message>
    <message>
        <source>Queries before and after</source>
        <translation>旋转前后的查询</translation>
    </message>
    <message>
        <source>Each query is projected as before, then rotated: row m turned by the angles of position m. Lengths do not change, only directions.</source>
        <translation>每个查询照常投影，然后旋转：第 m 行按位置 m 的角度旋转。长度不变，只改变方向。</translation>
    </message>
    <message>
        <source>Keys before and after</source>
        <translation>旋转前后的键</translation>
    </message>
    <message>
        <source>The keys turn by the same angles. The scores ω = Q·Kᵀ use the rotated queries and keys; the values are not rotated.</source>
        <translation>键按相同的角度旋转。分数 ω = Q·Kᵀ 使用旋转后的查询和键；值不旋转。</translation>
    </message>
    <message>
        <source>Why it is relative</source>
        <translation>为什么是相对位置</translation>
    </message>
    <message>
        <source>One vector placed at every position m and n: its score with itself, rot(v, m)·rot(v, n), is the same along every diagonal, because rotating both by m and by n differs only by the angle of m − n. A score depends on how far apart two tokens are, not on where they are.</source>
        <translation>把同一个向量放在每个位置 m 和 n：它与自身的分数 rot(v, m)·rot(v, n) 沿每条对角线都相同，因为分别旋转 m 和 n 只相差 m − n 的角度。分数取决于两个词元相距多远，而不是它们在哪里。</translation>
    </message>
    <message>
        <source>Grouped heads and the key/value cache</source>
        <translation>分组的头与键/值缓存</translation>
    </message>
    <message>
        <source>A model that generates text keeps every past token&apos;s keys and values (the key/value cache) so that a new token needs only its own. Grouped-query attention lets several query heads share one key/value head: Llama 2 70B&apos;s 64 query heads read 8, so its cache is 8 times smaller. Set &quot;Key/value heads&quot; under &quot;Today&apos;s attention&quot; to group this session&apos;s heads.</source>
        <translation>生成文本的模型会保存之前每个词元的键和值（键/值缓存），这样新词元只需计算自己的那一份。分组查询注意力让多个查询头共享一个键/值头：Llama 2 70B 的 64 个查询头只读取 8 个键/值头，因此缓存小 8 倍。在“今日的注意力”下设置“键/值头”即可把本会话的头分组。</translation>
    </message>
    <message>
        <source>Grouped heads need the efficient multi-head class: choose the variant &quot;multi-head&quot;.</source>
        <translation>分组的头需要高效的多头类：请选择变体“多头”。</translation>
    </message>
</context>
<context>
    <name>Pth</name>
    <message>
        <source>%1: cannot open the file (%2)</source>
        <translation>%1：无法打开文件（%2）</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>missing or unreadable</source>
        <translation>不存在或无法读取</translation>
    </message>
    <message>
        <source>%1: not a readable zip archive, as torch.save writes (%2)</source>
        <translation>%1：不是可读取的 zip 归档（torch.save 写的是 zip）（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>not a readable zip archive, as torch.save writes (%1)</source>
        <translation>不是可读取的 zip 归档（torch.save 写的是 zip）（%1）</translation>
    </message>
    <message>
        <source>the archive is empty (torch.save writes data.pkl and its storages)</source>
        <translation>归档为空（torch.save 会写入 data.pkl 及其存储）</translation>
    </message>
    <message>
        <source>the archive has %1 entries, more than the %2 accepted</source>
        <translation>归档有 %1 个条目，超过了允许的 %2 个</translation>
    </message>
    <message>
        <source>entry %1 has no readable name</source>
        <translation>条目 %1 没有可读的名称</translation>
    </message>
    <message>
        <source>entry %1 is not inside a top folder, as torch.save writes every entry</source>
        <translation>条目 %1 不在顶层文件夹内，而 torch.save 写的每个条目都在其中</translation>
    </message>
    <message>
        <source>entries %1 and %2 lie in different top folders (torch.save writes one)</source>
        <translation>条目 %1 和 %2 位于不同的顶层文件夹（torch.save 只写一个）</translation>
    </message>
    <message>
        <source>entry %1 appears twice</source>
        <translation>条目 %1 出现了两次</translation>
    </message>
    <message>
        <source>entry %1 says %2; only little-endian storages are read</source>
        <translation>条目 %1 表明字节序为 %2；只读取小端序的存储</translation>
    </message>
    <message>
        <source>entry %1 is missing</source>
        <translation>缺少条目 %1</translation>
    </message>
    <message>
        <source>entry %1: cannot read its size and method</source>
        <translation>条目 %1：无法读取其大小和压缩方法</translation>
    </message>
    <message>
        <source>entry %1 is encrypted; torch.save never encrypts</source>
        <translation>条目 %1 已加密；torch.save 从不加密</translation>
    </message>
    <message>
        <source>entry %1 is compressed; torch.save stores entries uncompressed</source>
        <translation>条目 %1 经过压缩；torch.save 存储的条目不压缩</translation>
    </message>
    <message>
        <source>entry %1 claims %2 bytes, more than the %3 accepted or the archive&apos;s size</source>
        <translation>条目 %1 声称有 %2 字节，超过了允许的 %3 字节或归档本身的大小</translation>
    </message>
    <message>
        <source>entry %1 cannot be read (%2)</source>
        <translation>无法读取条目 %1（%2）</translation>
    </message>
    <message>
        <source>entry %1 is cut short (%2 of %3 bytes; %4)</source>
        <translation>条目 %1 被截断（%3 字节中只有 %2 字节；%4）</translation>
    </message>
    <message>
        <source>storage %1 is missing (no entry %2)</source>
        <translation>缺少存储 %1（没有条目 %2）</translation>
    </message>
    <message>
        <source>storage %1 holds %2 bytes but the pickle declares %3</source>
        <translation>存储 %1 有 %2 字节，但 pickle 声明为 %3 字节</translation>
    </message>
    <message>
        <source>the pickle ends inside the opcode at byte %1</source>
        <translation>pickle 在第 %1 字节处的操作码中间结束</translation>
    </message>
    <message>
        <source>a string of %1 bytes at byte %2 is longer than the %3 accepted</source>
        <translation>第 %2 字节处长 %1 字节的字符串超过了允许的 %3 字节</translation>
    </message>
    <message>
        <source>a global&apos;s name at byte %1 is longer than 256 bytes</source>
        <translation>第 %1 字节处的全局名称超过 256 字节</translation>
    </message>
    <message>
        <source>the pickle creates more than %1 values</source>
        <translation>pickle 创建的值超过 %1 个</translation>
    </message>
    <message>
        <source>the pickle&apos;s stack grows beyond %1 values</source>
        <translation>pickle 的栈超过了 %1 个值</translation>
    </message>
    <message>
        <source>the opcode at byte %1 pops an empty stack</source>
        <translation>第 %1 字节处的操作码从空栈中弹出</translation>
    </message>
    <message>
        <source>the opcode at byte %1 needs a value on the stack</source>
        <translation>第 %1 字节处的操作码需要栈上有一个值</translation>
    </message>
    <message>
        <source>the opcode at byte %1 needs a MARK</source>
        <translation>第 %1 字节处的操作码需要一个 MARK</translation>
    </message>
    <message>
        <source>the opcode at byte %1 changes a %2 that is already inside another value (a state_dict never does)</source>
        <translation>第 %1 字节处的操作码修改了一个已在另一个值内部的 %2（state_dict 从不这样做）</translation>
    </message>
    <message>
        <source>values nest deeper than %1 levels at byte %2</source>
        <translation>第 %2 字节处的值嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>APPEND(S) at byte %1 on a %2, not a list</source>
        <translation>第 %1 字节处的 APPEND(S) 作用于 %2，而不是列表</translation>
    </message>
    <message>
        <source>SETITEM(S) at byte %1 on a %2, not a dict</source>
        <translation>第 %1 字节处的 SETITEM(S) 作用于 %2，而不是字典</translation>
    </message>
    <message>
        <source>SETITEMS at byte %1 has a key without a value</source>
        <translation>第 %1 字节处的 SETITEMS 有一个没有值的键</translation>
    </message>
    <message>
        <source>the pickle&apos;s memo grows beyond %1 entries</source>
        <translation>pickle 的 memo 超过了 %1 个条目</translation>
    </message>
    <message>
        <source>the opcode at byte %1 reads memo entry %2, which was never stored</source>
        <translation>第 %1 字节处的操作码读取 memo 条目 %2，但它从未被存入</translation>
    </message>
    <message>
        <source>the pickle names the global %1 at byte %2; a state_dict needs only collections.OrderedDict, torch._utils._rebuild_tensor_v2 / _rebuild_parameter and float storages, so nothing of it is run</source>
        <translation>pickle 在第 %2 字节处引用了全局对象 %1；state_dict 只需要 collections.OrderedDict、torch._utils._rebuild_tensor_v2 / _rebuild_parameter 和浮点存储，因此其中任何内容都不会被执行</translation>
    </message>
    <message>
        <source>%1 is a %2, not an int</source>
        <translation>%1 是 %2，而不是 int</translation>
    </message>
    <message>
        <source>%1 is a %2, not a tuple of ints</source>
        <translation>%1 是 %2，而不是由 int 组成的元组</translation>
    </message>
    <message>
        <source>%1 has %2 dimensions, more than %3</source>
        <translation>%1 有 %2 个维度，超过 %3 个</translation>
    </message>
    <message>
        <source>BINPERSID at byte %1: the persistent id is not (&apos;storage&apos;, type, key, location, numel)</source>
        <translation>第 %1 字节处的 BINPERSID：持久 id 不是 (&apos;storage&apos;, type, key, location, numel)</translation>
    </message>
    <message>
        <source>BINPERSID at byte %1: the storage type is not one of torch&apos;s float or int storages</source>
        <translation>第 %1 字节处的 BINPERSID：存储类型不是 torch 的浮点或整数存储之一</translation>
    </message>
    <message>
        <source>BINPERSID at byte %1: the storage key or location is not a string</source>
        <translation>第 %1 字节处的 BINPERSID：存储的键或位置不是字符串</translation>
    </message>
    <message>
        <source>BINPERSID at byte %1: storage numel %2 is impossible</source>
        <translation>第 %1 字节处的 BINPERSID：存储的 numel %2 不可能成立</translation>
    </message>
    <message>
        <source>_rebuild_tensor_v2 at byte %1 takes 6 or 7 arguments, not %2</source>
        <translation>第 %1 字节处的 _rebuild_tensor_v2 接受 6 或 7 个参数，而不是 %2 个</translation>
    </message>
    <message>
        <source>_rebuild_tensor_v2 at byte %1: its first argument is a %2, not a storage</source>
        <translation>第 %1 字节处的 _rebuild_tensor_v2：第一个参数是 %2，而不是存储</translation>
    </message>
    <message>
        <source>_rebuild_tensor_v2 at byte %1: size and stride differ in length</source>
        <translation>第 %1 字节处的 _rebuild_tensor_v2：size 与 stride 长度不同</translation>
    </message>
    <message>
        <source>REDUCE at byte %1 calls a %2; only the allowed globals are called</source>
        <translation>第 %1 字节处的 REDUCE 调用了 %2；只调用允许的全局对象</translation>
    </message>
    <message>
        <source>REDUCE at byte %1: the arguments are a %2, not a tuple</source>
        <translation>第 %1 字节处的 REDUCE：参数是 %2，而不是元组</translation>
    </message>
    <message>
        <source>collections.OrderedDict at byte %1 is called with arguments</source>
        <translation>第 %1 字节处的 collections.OrderedDict 被带参数调用</translation>
    </message>
    <message>
        <source>_rebuild_parameter at byte %1 takes (tensor, requires_grad, hooks)</source>
        <translation>第 %1 字节处的 _rebuild_parameter 接受 (tensor, requires_grad, hooks)</translation>
    </message>
    <message>
        <source>REDUCE at byte %1 calls %2, which is not called in a state_dict</source>
        <translation>第 %1 字节处的 REDUCE 调用了 %2，而 state_dict 中不会调用它</translation>
    </message>
    <message>
        <source>pickle protocol %1 is not read (2 to 5 are)</source>
        <translation>不读取 pickle 协议 %1（只读取 2 到 5）</translation>
    </message>
    <message>
        <source>STOP at byte %1 leaves %2 values on the stack, not 1</source>
        <translation>第 %1 字节处的 STOP 在栈上留下 %2 个值，而不是 1 个</translation>
    </message>
    <message>
        <source>too many MARKs</source>
        <translation>MARK 过多</translation>
    </message>
    <message>
        <source>an int of %1 bytes at byte %2 is larger than 64 bits</source>
        <translation>第 %2 字节处长 %1 字节的整数超过 64 位</translation>
    </message>
    <message>
        <source>STACK_GLOBAL at byte %1 without two strings</source>
        <translation>第 %1 字节处的 STACK_GLOBAL 缺少两个字符串</translation>
    </message>
    <message>
        <source>BUILD at byte %1 on a %2; only an OrderedDict&apos;s state is accepted</source>
        <translation>第 %1 字节处的 BUILD 作用于 %2；只接受 OrderedDict 的状态</translation>
    </message>
    <message>
        <source>the pickle&apos;s opcode %1 at byte %2 is refused: a state_dict never needs it, and nothing of the pickle is run</source>
        <translation>拒绝 pickle 在第 %2 字节处的操作码 %1：state_dict 从不需要它，pickle 中的任何内容都不会被执行</translation>
    </message>
    <message>
        <source>unknown pickle opcode 0x%1 at byte %2</source>
        <translation>第 %2 字节处有未知的 pickle 操作码 0x%1</translation>
    </message>
    <message>
        <source>tensor %1 (storage %2, offset %3, storage numel %4)</source>
        <translation>张量 %1（存储 %2，偏移 %3，存储 numel %4）</translation>
    </message>
    <message>
        <source>%1 has a negative size</source>
        <translation>%1 的某个尺寸为负</translation>
    </message>
    <message>
        <source>%1 is not contiguous (stride %2 in dimension %3, %4 expected)</source>
        <translation>%1 不是连续的（第 %3 维的 stride 为 %2，应为 %4）</translation>
    </message>
    <message>
        <source>%1 has too many elements</source>
        <translation>%1 的元素过多</translation>
    </message>
    <message>
        <source>%1 with %2 elements does not lie inside its storage</source>
        <translation>有 %2 个元素的 %1 不在其存储范围之内</translation>
    </message>
    <message>
        <source>the pickle holds a %1, not a state_dict</source>
        <translation>pickle 中是 %1，而不是 state_dict</translation>
    </message>
    <message>
        <source>&quot;model_state_dict&quot; is a %1, not a state_dict</source>
        <translation>“model_state_dict”是 %1，而不是 state_dict</translation>
    </message>
    <message>
        <source>the state_dict has a %1 key; its keys are tensor names</source>
        <translation>state_dict 有一个 %1 类型的键；它的键应是张量名称</translation>
    </message>
    <message>
        <source>the state_dict&apos;s &quot;%1&quot; is a %2, not a tensor</source>
        <translation>state_dict 的“%1”是 %2，而不是张量</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Attention Explorer</source>
        <translation>Attention Explorer</translation>
    </message>
</context>
<context>
    <name>RunSummary</name>
    <message>
        <source>%1 %2: %3 layers × %4 heads, d = %5 · T = %6 · layer %7 · forward %8 ms</source>
        <translation>%1 %2：%3 层 × %4 个头，d = %5 · T = %6 · 第 %7 层 · 前向 %8 ms</translation>
    </message>
    <message>
        <source>Simplified attention</source>
        <translation>简化注意力</translation>
    </message>
    <message>
        <source>Self-attention</source>
        <translation>自注意力</translation>
    </message>
    <message>
        <source>Multi-head attention</source>
        <translation>多头注意力</translation>
    </message>
    <message>
        <source>%1 tokens attend to %2 source tokens</source>
        <translation>%1 个 token 关注 %2 个源 token</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>%1 · %2 of %3 numbers each · %4 · computed in %5 ms</source>
        <translation>%1 · %2，每个 %3 个数 · %4 · 计算用时 %5 毫秒</translation>
    </message>
    <message>
        <source>1 head</source>
        <translation>1 个头</translation>
    </message>
    <message>
        <source>%1 heads</source>
        <translation>%1 个头</translation>
    </message>
</context>
<context>
    <name>Safetensors</name>
    <message>
        <source>%1: cannot open the file (%2)</source>
        <translation>%1：无法打开文件（%2）</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>%1: cannot map the file into memory (%2)</source>
        <translation>%1：无法将文件映射到内存（%2）</translation>
    </message>
    <message>
        <source>%1 is not a readable safetensors file: %2</source>
        <translation>%1 不是可读取的 safetensors 文件：%2</translation>
    </message>
    <message>
        <source>tensor %1: %2 must hold non-negative whole numbers</source>
        <translation>张量 %1：%2 必须由非负整数组成</translation>
    </message>
    <message>
        <source>tensor %1 is not described by an object</source>
        <translation>张量 %1 的描述不是一个对象</translation>
    </message>
    <message>
        <source>tensor %1 has an unknown dtype %2</source>
        <translation>张量 %1 的 dtype %2 未知</translation>
    </message>
    <message>
        <source>tensor %1: shape must be a list of at most 8 sizes</source>
        <translation>张量 %1：shape 必须是最多包含 8 个尺寸的列表</translation>
    </message>
    <message>
        <source>tensor %1: data_offsets must be a list of two numbers</source>
        <translation>张量 %1：data_offsets 必须是包含两个数的列表</translation>
    </message>
    <message>
        <source>tensor %1: its data ends (%2) before it begins (%3)</source>
        <translation>张量 %1：其数据的结束位置（%2）在起始位置（%3）之前</translation>
    </message>
    <message>
        <source>tensor %1: its data (bytes %2 to %3) runs past the end of the file (%4 bytes of data): the file is truncated or damaged</source>
        <translation>张量 %1：其数据（第 %2 到 %3 字节）超出了文件末尾（数据共 %4 字节）：文件被截断或已损坏</translation>
    </message>
    <message>
        <source>tensor %1: its shape needs %2 bytes of %3 but its data_offsets span %4</source>
        <translation>张量 %1：其形状需要 %2 字节的 %3，但其 data_offsets 覆盖 %4 字节</translation>
    </message>
    <message>
        <source>more than the file&apos;s</source>
        <translation>超过文件所含的</translation>
    </message>
    <message>
        <source>the file has %1 bytes; a safetensors file starts with an 8-byte header length</source>
        <translation>该文件只有 %1 字节；safetensors 文件以 8 字节的头部长度开始</translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation>无法读取该文件</translation>
    </message>
    <message>
        <source>the header length field says %1 bytes, more than the %2 a safetensors header may have: this is not a safetensors file</source>
        <translation>头部长度字段为 %1 字节，超过了 safetensors 头部允许的 %2 字节：这不是 safetensors 文件</translation>
    </message>
    <message>
        <source>the header length field says %1 bytes but only %2 follow it: the file is truncated or not a safetensors file</source>
        <translation>头部长度字段为 %1 字节，但其后只有 %2 字节：文件被截断，或不是 safetensors 文件</translation>
    </message>
    <message>
        <source>the header is not a JSON object (%1 at byte %2)</source>
        <translation>头部不是 JSON 对象（%1，位于第 %2 字节）</translation>
    </message>
    <message>
        <source>another JSON value</source>
        <translation>其他 JSON 值</translation>
    </message>
    <message>
        <source>tensors %1 and %2 overlap in the file (bytes %3 to %4 and %5 to %6)</source>
        <translation>张量 %1 和 %2 在文件中重叠（第 %3 到 %4 字节与第 %5 到 %6 字节）</translation>
    </message>
    <message>
        <source>not a regular file but a pipe, a socket or a device</source>
        <translation>不是普通文件，而是管道、套接字或设备</translation>
    </message>
    <message>
        <source>%1: cannot read the file (%2)</source>
        <translation>%1：无法读取文件（%2）</translation>
    </message>
    <message>
        <source>%1: the file changed while it was being read (it was truncated or replaced); run again once it is complete</source>
        <translation>%1：读取期间文件发生了变化（被截断或替换）；请在文件完整后重新运行</translation>
    </message>
</context>
<context>
    <name>ScalingChart</name>
    <message>
        <source>softmax(ω): without scaling</source>
        <translation>softmax(ω)：不缩放</translation>
    </message>
    <message>
        <source>softmax(ω / √d_k): scaled</source>
        <translation>softmax(ω / √d_k)：缩放</translation>
    </message>
    <message>
        <source>Largest softmax weight of a row</source>
        <translation>一行中最大的 softmax 权重</translation>
    </message>
    <message>
        <source>q, k with normal_(0, 1) entries; mean over %1 rows of %2 keys</source>
        <translation>q、k 的元素取自 normal_(0, 1)；对 %1 行、每行 %2 个键取平均</translation>
    </message>
</context>
<context>
    <name>SelfAttentionFormulas</name>
    <message>
        <source>This session&apos;s embeddings are typed in, like the book&apos;s hand-written 3-dimensional vectors.</source>
        <translation>此会话的嵌入是手动输入的，就像书中手写的三维向量。</translation>
    </message>
    <message>
        <source>Positional embeddings are added: the same word at two places gets two different vectors.</source>
        <translation>加上了位置嵌入：同一个词出现在两个位置时会得到两个不同的向量。</translation>
    </message>
    <message>
        <source>This session has no positional embeddings: x is the token embedding alone, so a word gets the same vector wherever it stands.</source>
        <translation>此会话没有位置嵌入：x 只是词嵌入，所以一个词无论出现在哪里，向量都相同。</translation>
    </message>
    <message>
        <source>tokens = %1   (T = %2)</source>
        <translation>tokens = %1   (T = %2)</translation>
    </message>
    <message>
        <source>source tokens = %1   (S = %2)</source>
        <translation>源句 tokens = %1   (S = %2)</translation>
    </message>
    <message>
        <source>vocabulary = %1   (%2 distinct tokens, sorted)</source>
        <translation>词表 = %1   （%2 个不同的 token，已排序）</translation>
    </message>
    <message>
        <source>x = the typed-in embeddings : %1</source>
        <translation>x = 手动输入的嵌入 : %1</translation>
    </message>
    <message>
        <source>no positional embeddings: x = token embeddings only</source>
        <translation>无位置嵌入：x = 仅词嵌入</translation>
    </message>
    <message>
        <source>source: X_src = embedding(source_ids) : (%1) → %2</source>
        <translation>源句：X_src = embedding(source_ids) : (%1) → %2</translation>
    </message>
    <message>
        <source>α = softmax(ω%1, dim=-1) : %2, every row sums to 1</source>
        <translation>α = softmax(ω%1, dim=-1) : %2，每一行的和为 1</translation>
    </message>
    <message>
        <source>simplified attention: Q = K = V = X, no trainable weights</source>
        <translation>简化注意力：Q = K = V = X，没有可训练权重</translation>
    </message>
    <message>
        <source>largest: ω%1,%2 = %3%1·%4%2 = %5 = %6   (%7)</source>
        <translation>最大值：ω%1,%2 = %3%1·%4%2 = %5 = %6   (%7)</translation>
    </message>
    <message>
        <source>simplified attention does not scale: α%1 = softmax(ω%1) = %2</source>
        <translation>简化注意力不做缩放：α%1 = softmax(ω%1) = %2</translation>
    </message>
    <message>
        <source>(causal: the future keys&apos; weights are 0)</source>
        <translation>（因果：未来的键的权重为 0）</translation>
    </message>
    <message>
        <source>α&apos; = the weights after dropout</source>
        <translation>α&apos; = dropout 之后的权重</translation>
    </message>
    <message>
        <source>vocabulary = GPT-2&apos;s 50,257 tokens: 256 bytes + 50,000 merges + &lt;|endoftext|&gt;</source>
        <translation>vocabulary = GPT-2 的 50,257 个 token：256 个字节 + 50,000 次合并 + &lt;|endoftext|&gt;</translation>
    </message>
    <message>
        <source>W_q | W_k | W_v = c_attn.weight (%1×%2) of the checkpoint, b = c_attn.bias</source>
        <translation>W_q | W_k | W_v = 检查点的 c_attn.weight (%1×%2)，b = c_attn.bias</translation>
    </message>
    <message>
        <source>vocabulary = the %1 tokens of the model&apos;s tokenizer.json</source>
        <translation>vocabulary = 模型 tokenizer.json 中的 %1 个词元</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 MB; a session file may be at most %3 MB</source>
        <translation>%1 大小为 %2 MB；会话文件最大为 %3 MB</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 must hold a JSON object ({...}), not a list or a value</source>
        <translation>%1 必须包含一个 JSON 对象（{...}），而不是列表或单个值</translation>
    </message>
    <message>
        <source>cannot open %1: it is a directory</source>
        <translation>无法打开 %1：它是一个目录</translation>
    </message>
    <message>
        <source>cannot open %1: not a regular file (a pipe or a device); give a session file</source>
        <translation>无法打开 %1：不是普通文件（是管道或设备）；请指定会话文件</translation>
    </message>
    <message>
        <source>%1 grew beyond %2 MB while it was read</source>
        <translation>%1 在读取过程中增长到超过 %2 MB</translation>
    </message>
    <message>
        <source>%1 is a model checkpoint, not a session: open it with --model FILE (File &gt; Open Model… in the window)</source>
        <translation>%1 是模型检查点，不是会话：请用 --model FILE 打开（在窗口中：文件 &gt; 打开模型…）</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at %3</source>
        <translation>%1 不是有效的 JSON：%3处%2</translation>
    </message>
</context>
<context>
    <name>SessionJson</name>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>%1 must be a string, not %2</source>
        <translation>%1 必须是字符串，而不是%2</translation>
    </message>
    <message>
        <source>%1 must be true or false, not %2</source>
        <translation>%1 必须是 true 或 false，而不是%2</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3, not %4</source>
        <translation>%1 必须是 %2 到 %3 之间的整数，而不是 %4</translation>
    </message>
    <message>
        <source>%1 must be a number, not %2</source>
        <translation>%1 必须是数字，而不是%2</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not %3</source>
        <translation>%1 必须是 %2 之一，而不是 %3</translation>
    </message>
    <message>
        <source>%1 must be a non-empty list of rows of numbers</source>
        <translation>%1 必须是由数字行组成的非空列表</translation>
    </message>
    <message>
        <source>%1 row %2 must be a non-empty list of numbers</source>
        <translation>%1 的第 %2 行必须是非空的数字列表</translation>
    </message>
    <message>
        <source>%1 row %2 has %3 numbers but row 1 has %4: every row needs the same length</source>
        <translation>%1 的第 %2 行有 %3 个数，而第 1 行有 %4 个：每一行的长度必须相同</translation>
    </message>
    <message>
        <source>%1 row %2, column %3 must be a number, not %4</source>
        <translation>%1 第 %2 行第 %3 列必须是数字，而不是%4</translation>
    </message>
    <message>
        <source>%1 row %2, column %3 (%4) is beyond the float32 range of about 3.4e38</source>
        <translation>%1 第 %2 行第 %3 列（%4）超出了 float32 的范围（约 3.4e38）</translation>
    </message>
    <message>
        <source>format must be &quot;%1&quot;</source>
        <translation>format 必须是“%1”</translation>
    </message>
    <message>
        <source>version %1 was written by a newer Attention Explorer (this one reads version %2)</source>
        <translation>版本 %1 由更新的 Attention Explorer 写入（此版本只能读取版本 %2）</translation>
    </message>
    <message>
        <source>inputs rows have %1 numbers; d_in, their length, may be at most %2</source>
        <translation>inputs 的行有 %1 个数；d_in（即行的长度）最大为 %2</translation>
    </message>
    <message>
        <source>dropout must be at least 0 and below 1, not %1</source>
        <translation>dropout 必须大于等于 0 且小于 1，而不是 %1</translation>
    </message>
    <message>
        <source>a session must be a JSON object ({...}), not a list or a value</source>
        <translation>会话必须是一个 JSON 对象（{...}），而不是列表或单个值</translation>
    </message>
    <message>
        <source>the text %1</source>
        <translation>文本 %1</translation>
    </message>
    <message>
        <source>%1 has %2 characters; a text may have at most %3</source>
        <translation>%1 有 %2 个字符；文本最多 %3 个字符</translation>
    </message>
    <message>
        <source>%1 holds a lone surrogate (\u%2) at character %3, which is not text: write the whole character</source>
        <translation>%1 在第 %3 个字符处含有孤立的代理项（\u%2），它不是文本：请写出完整的字符</translation>
    </message>
    <message>
        <source>unknown key %1; a session knows: %2</source>
        <translation>未知的键 %1；会话可用的键：%2</translation>
    </message>
    <message>
        <source>model must be the path of a GPT-2 model.safetensors, not empty</source>
        <translation>model 必须是 GPT-2 model.safetensors 的路径，不能为空</translation>
    </message>
    <message>
        <source>%1 configures the random attention module and cannot be used with model: the GPT-2 checkpoint brings its own weights, embeddings and tokenizer</source>
        <translation>%1 用于配置随机注意力模块，不能与 model 同时使用：GPT-2 检查点自带权重、嵌入和分词器</translation>
    </message>
    <message>
        <source>tokenizer must be &quot;gpt2&quot; (or left out) with model: a GPT-2 checkpoint reads GPT-2&apos;s byte-pair tokens</source>
        <translation>使用 model 时 tokenizer 必须是“gpt2”（或省略）：GPT-2 检查点读取的是 GPT-2 的字节对 token</translation>
    </message>
    <message>
        <source>; did you mean %1?</source>
        <translation>；你是不是想写 %1？</translation>
    </message>
    <message>
        <source>unknown key %1: did you mean %2?</source>
        <translation>未知的键 %1：你是不是想写 %2？</translation>
    </message>
    <message>
        <source>truncate applies only with model: the random attention module reads any number of tokens</source>
        <translation>truncate 只能与 model 一起使用：随机注意力模块可以读取任意数量的 token</translation>
    </message>
    <message>
        <source>line %1, column %2 (byte %3)</source>
        <translation>第 %1 行第 %2 列（第 %3 字节）</translation>
    </message>
    <message>
        <source>the session is not valid JSON: a raw control character (0x%1) at %2; inside a text write it as \u%3</source>
        <translation>会话不是有效的 JSON：%2处有原始控制字符 (0x%1)；在文本中请写作 \u%3</translation>
    </message>
    <message>
        <source>the session is not valid JSON: %1 at %2</source>
        <translation>会话不是有效的 JSON：%2处%1</translation>
    </message>
    <message>
        <source>rope_theta must be a number above 0 (float32), not %1</source>
        <translation>rope_theta 必须是大于 0 的数（float32），而不是 %1</translation>
    </message>
</context>
<context>
    <name>SessionValidator</name>
    <message>
        <source>%1 (%2) must be between %3 and %4</source>
        <translation>%1（%2）必须在 %3 到 %4 之间</translation>
    </message>
    <message>
        <source>%1 is missing: embedding &quot;manual&quot; needs one row of numbers per token of %2</source>
        <translation>缺少 %1：嵌入方式“manual”需要为 %2 的每个 token 提供一行数字</translation>
    </message>
    <message>
        <source>%1 has %2 rows but %3 has %4 tokens: give one row per token</source>
        <translation>%1 有 %2 行，但 %3 有 %4 个 token：请为每个 token 提供一行</translation>
    </message>
    <message>
        <source>%1 rows have %2 numbers but d_in is %3</source>
        <translation>%1 的行有 %2 个数，但 d_in 为 %3</translation>
    </message>
    <message>
        <source>%1 contains a number that is not finite (NaN or infinity)</source>
        <translation>%1 含有非有限的数（NaN 或无穷大）</translation>
    </message>
    <message>
        <source>num_heads (%1) must be 1 for variant &quot;self-attention&quot;: use &quot;multihead-wrapper&quot; or &quot;multihead&quot; for several heads</source>
        <translation>变体“self-attention”的 num_heads（%1）必须为 1：多个头请使用“multihead-wrapper”或“multihead”</translation>
    </message>
    <message>
        <source>d_out_v (%1) must equal d_out_kq (%2) for variant &quot;multihead&quot;, whose d_out serves queries, keys and values</source>
        <translation>变体“multihead”的 d_out_v（%1）必须等于 d_out_kq（%2），因为它的 d_out 同时用于查询、键和值</translation>
    </message>
    <message>
        <source>num_heads (%1) must divide d_out (%2)</source>
        <translation>num_heads（%1）必须能整除 d_out（%2）</translation>
    </message>
    <message>
        <source>qkv_bias needs init &quot;linear&quot;: torch.rand parameters have no bias</source>
        <translation>qkv_bias 需要 init 为“linear”：torch.rand 参数没有偏置</translation>
    </message>
    <message>
        <source>%1 must be between 0 and %2</source>
        <translation>%1 必须在 0 到 %2 之间</translation>
    </message>
    <message>
        <source>dropout (%1) must be at least 0 and below 1</source>
        <translation>dropout（%1）必须大于等于 0 且小于 1</translation>
    </message>
    <message>
        <source>sentence has no tokens: type at least one word (punctuation and spaces only separate words)</source>
        <translation>sentence 中没有 token：请至少输入一个词（标点和空格只用于分隔词）</translation>
    </message>
    <message>
        <source>source_sentence has no tokens: type at least one word, or leave it empty for self-attention</source>
        <translation>source_sentence 中没有 token：请至少输入一个词，或留空以使用自注意力</translation>
    </message>
    <message>
        <source>vocab_size (%1) must be at least the number of distinct tokens (%2)</source>
        <translation>vocab_size（%1）必须不小于不同 token 的数量（%2）</translation>
    </message>
    <message>
        <source>vocab_size x d_in (%1 x %2) must not exceed %3 elements</source>
        <translation>vocab_size x d_in（%1 x %2）不能超过 %3 个元素</translation>
    </message>
    <message>
        <source>inputs is only used with embedding &quot;manual&quot;</source>
        <translation>inputs 只在嵌入方式为“manual”时使用</translation>
    </message>
    <message>
        <source>source_inputs is only used with embedding &quot;manual&quot;</source>
        <translation>source_inputs 只在嵌入方式为“manual”时使用</translation>
    </message>
    <message>
        <source>source_inputs needs a source_sentence (cross-attention)</source>
        <translation>source_inputs 需要一个 source_sentence（交叉注意力）</translation>
    </message>
    <message>
        <source>context_length (%1) must be at least the number of tokens (%2) with positional &quot;learned&quot;: the position table has one row per position</source>
        <translation>位置嵌入为“learned”时，context_length（%1）必须不小于 token 数（%2）：位置表每个位置一行</translation>
    </message>
    <message>
        <source>context_length x d_in (%1 x %2) must not exceed %3 elements</source>
        <translation>context_length x d_in（%1 x %2）不能超过 %3 个元素</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 has %2 characters; a text may have at most %3</source>
        <translation>%1 有 %2 个字符；文本最多 %3 个字符</translation>
    </message>
    <message>
        <source>%1 holds the control character U+%2 at character %3: remove it</source>
        <translation>%1 在第 %3 个字符处含有控制字符 U+%2：请删除它</translation>
    </message>
    <message>
        <source>token %1 of %2 is made only of invisible characters (the first is U+%3): remove them or join them to a word</source>
        <translation>%2 的第 %1 个 token 只由不可见字符组成（第一个是 U+%3）：请删除它们，或把它们连到一个词上</translation>
    </message>
    <message>
        <source>%1 holds %2, too large: with these dimensions a product in the forward could overflow float32 (3.4e38) and show inf or NaN; keep every number of %1 within ±%3</source>
        <translation>%1 含有 %2，过大：在这些维度下，前向计算中的乘积可能超出 float32 范围（3.4e38）而出现 inf 或 NaN；请让 %1 的每个数都在 ±%3 之内</translation>
    </message>
    <message>
        <source>this session would need %1 of memory (T=%2, S=%3, %4 heads); the limit is %5: shorten the sentence or reduce num_heads or the dimensions</source>
        <translation>此会话将需要 %1 内存（T=%2，S=%3，%4 个头）；上限为 %5：请缩短句子，或减少 num_heads 或维度</translation>
    </message>
    <message>
        <source>vocab_size (%1) must exceed the largest token id (%2) of the %3 tokenizer (its default is %4)</source>
        <translation>vocab_size（%1）必须大于 %3 分词器的最大 token id（%2）（其默认值为 %4）</translation>
    </message>
</context>
<context>
    <name>SlideFigure</name>
    <message>
        <source>%1 (colours up to %2/%3, %2 times the uniform weight)</source>
        <translation>%1（颜色上限为 %2/%3，即均匀权重的 %2 倍）</translation>
    </message>
</context>
<context>
    <name>TodaysAttentionCheck</name>
    <message>
        <source>rope rotates the projected queries and keys: variant &quot;simplified&quot; has no projections</source>
        <translation>rope 旋转的是投影后的查询和键：变体“simplified”没有投影</translation>
    </message>
    <message>
        <source>rope needs queries and keys from one sentence (positions 0, 1, … of both): it cannot be used with source_sentence (cross-attention)</source>
        <translation>rope 需要查询和键来自同一个句子（两者的位置都是 0, 1, …）：不能与 source_sentence（交叉注意力）同时使用</translation>
    </message>
    <message>
        <source>rope rotates pairs of dimensions: the head size of queries and keys (%1) must be even</source>
        <translation>rope 成对旋转维度：查询和键的头大小（%1）必须是偶数</translation>
    </message>
    <message>
        <source>num_kv_heads (%1) needs variant &quot;multihead&quot;: the other variants give every head its own keys and values</source>
        <translation>num_kv_heads（%1）需要变体“multihead”：其他变体为每个头提供各自的键和值</translation>
    </message>
    <message>
        <source>num_kv_heads (%1) must divide num_heads (%2): each key/value head serves the same number of query heads</source>
        <translation>num_kv_heads（%1）必须能整除 num_heads（%2）：每个键/值头服务相同数量的查询头</translation>
    </message>
    <message>
        <source>kernel &quot;flash&quot; cannot be used with dropout (%1) in training: the tiled forward here has no dropout</source>
        <translation>kernel“flash”不能在训练时与 dropout（%1）同时使用：这里的分块前向计算没有 dropout</translation>
    </message>
    <message>
        <source>kernel &quot;flash&quot; cannot be used with mask_method &quot;renormalize&quot;: the tiled forward hides keys by -inf before its running softmax</source>
        <translation>kernel“flash”不能与 mask_method“renormalize”同时使用：分块前向计算在其滚动 softmax 之前用 -inf 隐藏键</translation>
    </message>
    <message>
        <source>rope_theta (%1) must be above 0</source>
        <translation>rope_theta（%1）必须大于 0</translation>
    </message>
</context>
<context>
    <name>TodaysFormulas</name>
    <message>
        <source>RoPE is off in this session: the queries and keys are used as projected.</source>
        <translation>本会话未开启 RoPE：查询和键按投影结果直接使用。</translation>
    </message>
    <message>
        <source>This session gives every query head its own keys and values.</source>
        <translation>本会话中每个查询头都有自己的键和值。</translation>
    </message>
    <message>
        <source>This session has no sliding window.</source>
        <translation>本会话没有滑动窗口。</translation>
    </message>
    <message>
        <source>This session uses the standard kernel.</source>
        <translation>本会话使用标准内核。</translation>
    </message>
    <message>
        <source>no RoPE: ω%1 = q%1·Kᵀ with q and k as projected</source>
        <translation>无 RoPE：ω%1 = q%1·Kᵀ，q 和 k 为投影结果</translation>
    </message>
    <message>
        <source>pairs (i, i + %1), Hugging Face&apos;s rotate_half</source>
        <translation>维度对 (i, i + %1)，Hugging Face 的 rotate_half</translation>
    </message>
    <message>
        <source>pairs (2i, 2i + 1), Meta&apos;s interleaved</source>
        <translation>维度对 (2i, 2i + 1)，Meta 的交错方式</translation>
    </message>
    <message>
        <source>q%1&apos; = q%1·cos(%2·θ) + rotate(q%1)·sin(%2·θ) = %3   (position m = %2)</source>
        <translation>q%1&apos; = q%1·cos(%2·θ) + rotate(q%1)·sin(%2·θ) = %3   （位置 m = %2）</translation>
    </message>
    <message>
        <source>k_j&apos; likewise at position j;  ω%1 = q%1&apos;·K&apos;ᵀ : %2·%3 → %4 = %5</source>
        <translation>k_j&apos; 同样在位置 j 旋转；  ω%1 = q%1&apos;·K&apos;ᵀ : %2·%3 → %4 = %5</translation>
    </message>
    <message>
        <source>num_heads = %1, num_kv_heads = %2: each key/value head serves %1 / %2 = %3 query heads</source>
        <translation>num_heads = %1，num_kv_heads = %2：每个键/值头服务 %1 / %2 = %3 个查询头</translation>
    </message>
    <message>
        <source>head %1 → K/V %2</source>
        <translation>头 %1 → 键/值 %2</translation>
    </message>
    <message>
        <source>cache per token and layer: %1·(%2 + %3) = %4 floats, against %5·(%2 + %3) = %6 with one key/value head per query head</source>
        <translation>每个词元每层的缓存：%1·(%2 + %3) = %4 个浮点数；若每个查询头各有一个键/值头，则为 %5·(%2 + %3) = %6</translation>
    </message>
    <message>
        <source>no window: query i sees every key j ≤ i</source>
        <translation>无窗口：查询 i 看到所有 j ≤ i 的键</translation>
    </message>
    <message>
        <source>no window: every query sees every key</source>
        <translation>无窗口：每个查询看到所有键</translation>
    </message>
    <message>
        <source>window W = %1, causal: query i sees key j when i − %1 &lt; j ≤ i (at most %1 keys)</source>
        <translation>窗口 W = %1，因果：当 i − %1 &lt; j ≤ i 时查询 i 看到键 j（最多 %1 个键）</translation>
    </message>
    <message>
        <source>window W = %1: query i sees key j when |i − j| &lt; %1 (at most %2 keys)</source>
        <translation>窗口 W = %1：当 |i − j| &lt; %1 时查询 i 看到键 j（最多 %2 个键）</translation>
    </message>
    <message>
        <source>mask%1 = %2   (1 = hidden)</source>
        <translation>mask%1 = %2   （1 = 被遮蔽）</translation>
    </message>
    <message>
        <source>the cost per query stays W keys however long the text: T·W scores instead of T·T</source>
        <translation>无论文本多长，每个查询的开销都只有 W 个键：共 T·W 个分数，而不是 T·T</translation>
    </message>
    <message>
        <source>standard kernel: ω, α and z over whole rows, T×S scores in memory</source>
        <translation>标准内核：对整行计算 ω、α 和 z，T×S 个分数存放在内存中</translation>
    </message>
    <message>
        <source>tiles of %1 queries × %2 keys: %3 × %4 = %5 tiles, %6 skipped by the mask</source>
        <translation>分块为 %1 个查询 × %2 个键：%3 × %4 = %5 个块，其中 %6 个因掩码被跳过</translation>
    </message>
    <message>
        <source>x%1 is in query block %2; its m and ℓ after each key block:</source>
        <translation>x%1 位于查询块 %2；它在每个键块之后的 m 和 ℓ：</translation>
    </message>
    <message>
        <source>   (skipped)</source>
        <translation>   （已跳过）</translation>
    </message>
    <message>
        <source>z%1 = O%1 / ℓ = %2</source>
        <translation>z%1 = O%1 / ℓ = %2</translation>
    </message>
    <message>
        <source>the standard kernel&apos;s z differs by at most %1 over every row</source>
        <translation>与标准内核的 z 相比，所有行的最大差异为 %1</translation>
    </message>
</context>
<context>
    <name>TokenSpanText</name>
    <message>
        <source>&lt;b&gt;Piece&lt;/b&gt; %1 (%2 bytes): %3</source>
        <translation>&lt;b&gt;片段&lt;/b&gt; %1（%2 字节）：%3</translation>
    </message>
    <message>
        <source>bytes:</source>
        <translation>字节：</translation>
    </message>
    <message>
        <source>merge rank %1:</source>
        <translation>合并（排名 %1）：</translation>
    </message>
    <message>
        <source>… %1 more merges</source>
        <translation>… 还有 %1 次合并</translation>
    </message>
    <message>
        <source>the whole piece is a token: %1</source>
        <translation>整个片段就是一个 token：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s): no neighbouring pair is in the vocabulary any more.</source>
        <translation>
            <numerusform>%n 个 token：再没有相邻的一对在词表中。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is a special token: it is not merged from bytes, its id is %2.</source>
        <translation>%1 是特殊 token：它不是由字节合并而来，其 id 为 %2。</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <source>Queries&apos; sentence</source>
        <translation>查询所在的句子</translation>
    </message>
    <message>
        <source>Source sentence (keys and values)</source>
        <translation>源句（键和值）</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>……还有 %1 个</translation>
    </message>
</context>
<context>
    <name>TokenizerTexts</name>
    <message>
        <source>Words</source>
        <translation>按词</translation>
    </message>
    <message>
        <source>Words, and each CJK character</source>
        <translation>按词，且每个 CJK 字符单独成词</translation>
    </message>
    <message>
        <source>GPT-2 byte-pair encoding</source>
        <translation>GPT-2 字节对编码</translation>
    </message>
    <message>
        <source>The tokenizer turns punctuation into spaces and splits on white space (case is kept). The vocabulary is the sorted set of distinct tokens; a token&apos;s id is its place in that list, as in the article&apos;s dc = {s: i for i, s in enumerate(sorted(...))}.</source>
        <translation>分词器把标点变为空格，并按空白切分（保留大小写）。词表是所有不同 token 排序后的集合；token 的 id 就是它在该列表中的位置，与文章中的 dc = {s: i for i, s in enumerate(sorted(...))} 相同。</translation>
    </message>
    <message>
        <source>GPT-2&apos;s tokenizer (byte-pair encoding, as tiktoken.get_encoding(&quot;gpt2&quot;)): the text is cut into words, spaces and punctuation, each piece into its UTF-8 bytes, and neighbouring tokens are merged by 50,000 learned rules in rank order. Every id is fixed in a vocabulary of 50,257 tokens; ␣ is a space, &lt;E4 BD&gt; bytes of a character split between tokens. Click a token to see its merges.</source>
        <translation>GPT-2 的分词器（字节对编码，即 tiktoken.get_encoding(&quot;gpt2&quot;)）：文本先被切成单词、空格和标点，每个片段变成它的 UTF-8 字节，相邻的 token 按排名顺序依照 50,000 条学到的规则合并。每个 id 都固定在 50,257 个 token 的词表中；␣ 表示空格，&lt;E4 BD&gt; 表示被拆到不同 token 中的一个字符的字节。点击一个 token 查看它的合并过程。</translation>
    </message>
    <message>
        <source>The model&apos;s own tokenizer, read from its tokenizer.json as Hugging Face&apos;s tokenizers library runs it: special tokens written in the text are found first, the rest is cut by the file&apos;s pattern into words, spaces and punctuation, each piece into its UTF-8 bytes, and neighbouring tokens are merged by the file&apos;s ranked rules; a template may add a token at the start (a BOS). ␣ is a space. Click a token to see its merges.</source>
        <translation>模型自带的分词器，按 Hugging Face 的 tokenizers 库的方式从其 tokenizer.json 读取：先找出文本中写出的特殊词元，其余部分按文件中的模式切成单词、空格和标点，每段再拆成 UTF-8 字节，相邻词元按文件中排好序的规则合并；模板可能在开头加一个词元（BOS）。␣ 表示空格。点击一个词元可查看它的合并过程。</translation>
    </message>
</context>
<context>
    <name>TraceFigures</name>
    <message>
        <source> (head %1)</source>
        <translation>（第 %1 个头）</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Embeddings x</source>
        <translation>嵌入 x</translation>
    </message>
    <message>
        <source>Inputs x = token + position</source>
        <translation>输入 x = token + 位置</translation>
    </message>
    <message>
        <source>typed in : %1</source>
        <translation>手动输入 : %1</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>embedding dimension</source>
        <translation>嵌入维度</translation>
    </message>
    <message>
        <source>Token embeddings</source>
        <translation>词嵌入</translation>
    </message>
    <message>
        <source>Learned position embeddings</source>
        <translation>学习得到的位置嵌入</translation>
    </message>
    <message>
        <source>Sinusoidal position embeddings</source>
        <translation>正弦位置嵌入</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Source embeddings (keys and values come from these)</source>
        <translation>源句嵌入（键和值由它们得到）</translation>
    </message>
    <message>
        <source>Trainable projections W_q, W_k, W_v</source>
        <translation>可训练投影 W_q、W_k、W_v</translation>
    </message>
    <message>
        <source>nn.Linear weight, transposed : %1</source>
        <translation>nn.Linear 权重，已转置 : %1</translation>
    </message>
    <message>
        <source>torch.rand : %1</source>
        <translation>torch.rand : %1</translation>
    </message>
    <message>
        <source>input dimension</source>
        <translation>输入维度</translation>
    </message>
    <message>
        <source>output dimension</source>
        <translation>输出维度</translation>
    </message>
    <message>
        <source>Queries, keys and values</source>
        <translation>查询、键和值</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Attention scores ω</source>
        <translation>注意力得分 ω</translation>
    </message>
    <message>
        <source>Scaled scores ω / √d_k</source>
        <translation>缩放后的得分 ω / √d_k</translation>
    </message>
    <message>
        <source>simplified attention does not scale : %1</source>
        <translation>简化注意力不做缩放 : %1</translation>
    </message>
    <message>
        <source>Causal mask (1 = hidden)</source>
        <translation>因果掩码（1 = 遮住）</translation>
    </message>
    <message>
        <source>Masked scores</source>
        <translation>掩码后的得分</translation>
    </message>
    <message>
        <source>Attention weights α</source>
        <translation>注意力权重 α</translation>
    </message>
    <message>
        <source>Method 2: −∞ before softmax</source>
        <translation>方法 2：在 softmax 之前填入 −∞</translation>
    </message>
    <message>
        <source>Method 1: softmax, zero, renormalise</source>
        <translation>方法 1：softmax、置零、重新归一化</translation>
    </message>
    <message>
        <source>Both causal masking methods give the same weights: max |difference| = %1</source>
        <translation>两种因果掩码方法得到相同的权重：最大 |差值| = %1</translation>
    </message>
    <message>
        <source>Dropout keep mask (1 = kept)</source>
        <translation>Dropout 保留掩码（1 = 保留）</translation>
    </message>
    <message>
        <source>α before dropout</source>
        <translation>dropout 之前的 α</translation>
    </message>
    <message>
        <source>Dropout on the attention weights (training, p = %1): kept weights are scaled by 1/(1 − p) = %2</source>
        <translation>注意力权重上的 dropout（训练，p = %1）：保留的权重乘以 1/(1 − p) = %2</translation>
    </message>
    <message>
        <source>Context vectors z</source>
        <translation>上下文向量 z</translation>
    </message>
    <message>
        <source>Attention weights of every head: %1 × %2</source>
        <translation>每个头的注意力权重：%1 × %2</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>第 %1 个头</translation>
    </message>
    <message>
        <source>Heads concatenated</source>
        <translation>拼接后的各头</translation>
    </message>
    <message>
        <source>nn.Linear(%1, %1) weight, transposed : %2</source>
        <translation>nn.Linear(%1, %1) 权重，已转置 : %2</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Concatenation and out_proj</source>
        <translation>拼接与 out_proj</translation>
    </message>
    <message>
        <source>The module&apos;s output</source>
        <translation>模块的输出</translation>
    </message>
    <message>
        <source>queries: the sentence</source>
        <translation>查询：句子</translation>
    </message>
    <message>
        <source>keys/values: the source sentence</source>
        <translation>键/值：源句</translation>
    </message>
    <message>
        <source>tokens of the source sentence</source>
        <translation>源句的 token</translation>
    </message>
    <message>
        <source>tokens of the sentence</source>
        <translation>句子的 token</translation>
    </message>
    <message>
        <source>typed in + %1 : %2</source>
        <translation>手动输入 + %1 : %2</translation>
    </message>
    <message>
        <source>Causal mask over the source tokens (1 = hidden)</source>
        <translation>作用于源句 token 的因果掩码（1 = 隐藏）</translation>
    </message>
    <message>
        <source>Causal mask on cross-attention: query i sees source tokens 0 to i, paired by position, not by meaning. %1</source>
        <translation>交叉注意力上的因果掩码：查询 i 只看到源句的第 0 到第 i 个 token，按位置而非按含义配对。%1</translation>
    </message>
    <message>
        <source>α after dropout</source>
        <translation>dropout 之后的 α</translation>
    </message>
    <message>
        <source>pairs (i, i + h/2), rotate_half</source>
        <translation>维度对 (i, i + h/2)，rotate_half</translation>
    </message>
    <message>
        <source>pairs (2i, 2i + 1), interleaved</source>
        <translation>维度对 (2i, 2i + 1)，交错</translation>
    </message>
    <message>
        <source>Keys before and after RoPE</source>
        <translation>RoPE 前后的键</translation>
    </message>
    <message>
        <source>Queries before and after RoPE</source>
        <translation>RoPE 前后的查询</translation>
    </message>
    <message>
        <source>the projection : %1</source>
        <translation>投影：%1</translation>
    </message>
    <message>
        <source>each pair turned by m·θ_i, %1</source>
        <translation>每对维度旋转 m·θ_i，%1</translation>
    </message>
    <message>
        <source>Rotation angle m·θ_i of each position and pair (radians)</source>
        <translation>每个位置和维度对的旋转角 m·θ_i（弧度）</translation>
    </message>
    <message>
        <source>position m (token)</source>
        <translation>位置 m（词元）</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>维度对 i</translation>
    </message>
    <message>
        <source>One vector at every position: the score depends only on m − n</source>
        <translation>同一向量在每个位置：分数只取决于 m − n</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>position n</source>
        <translation>位置 n</translation>
    </message>
    <message>
        <source>Sliding-window mask of %1 keys (1 = hidden)</source>
        <translation>%1 个键的滑动窗口掩码（1 = 隐藏）</translation>
    </message>
    <message>
        <source>Both ways of masking the window give the same weights: max |difference| = %1</source>
        <translation>两种窗口掩码方法得到相同的权重：最大 |差| = %1</translation>
    </message>
    <message>
        <source>this session</source>
        <translation>本会话</translation>
    </message>
    <message>
        <source>Key/value cache per token and layer, in floats</source>
        <translation>每个词元每层的键/值缓存（浮点数个数）</translation>
    </message>
    <message>
        <source>key/value heads</source>
        <translation>键/值头</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>每个头一个</translation>
    </message>
    <message>
        <source>; × %1 layers = %2 floats per token, %3 KiB in float16</source>
        <translation>；× %1 层 = 每个词元 %2 个浮点数，float16 下为 %3 KiB</translation>
    </message>
    <message>
        <source>Tile %1 of %2 in the grid, the tiles so far numbered</source>
        <translation>网格中的第 %1 块（共 %2 块），已计算的块按顺序编号</translation>
    </message>
    <message>
        <source>%1 query blocks × %2 key blocks of %3×%4 cells</source>
        <translation>%1 个查询块 × %2 个键块，每块 %3×%4 个单元</translation>
    </message>
    <message>
        <source>skipped: the mask hides all of it</source>
        <translation>已跳过：掩码遮蔽了整个块</translation>
    </message>
    <message>
        <source>computed before</source>
        <translation>之前已计算</translation>
    </message>
    <message>
        <source>this tile</source>
        <translation>当前块</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>tile %1 (query block %2, key block %3): %4</source>
        <translation>第 %1 块（查询块 %2，键块 %3）：%4</translation>
    </message>
    <message>
        <source>Running max m and sum ℓ of each row</source>
        <translation>每行的运行最大值 m 与和 ℓ</translation>
    </message>
    <message>
        <source>m′ = max(m, rowmax S); ℓ′ = exp(m − m′)·ℓ + rowsum P</source>
        <translation>m′ = max(m, rowmax S)；ℓ′ = exp(m − m′)·ℓ + rowsum P</translation>
    </message>
    <message>
        <source>m before the tile: %1 (−∞: no visible key yet)</source>
        <translation>本块之前的 m：%1（−∞：尚无可见的键）</translation>
    </message>
    <message>
        <source>m′ = max(m, the row&apos;s largest score in the tile) = %1</source>
        <translation>m′ = max(m, 该行在本块中的最大分数) = %1</translation>
    </message>
    <message>
        <source>exp(m − m′) = exp(%1 − %2) = %3: what ℓ and O are scaled by</source>
        <translation>exp(m − m′) = exp(%1 − %2) = %3：ℓ 和 O 乘以的缩放因子</translation>
    </message>
    <message>
        <source>ℓ before the tile: %1</source>
        <translation>本块之前的 ℓ：%1</translation>
    </message>
    <message>
        <source>ℓ′ = %1·%2 + the row&apos;s sum of P = %3</source>
        <translation>ℓ′ = %1·%2 + 该行 P 之和 = %3</translation>
    </message>
    <message>
        <source>O of the block after this tile (before / ℓ)</source>
        <translation>本块之后该查询块的 O（除以 ℓ 之前）</translation>
    </message>
    <message>
        <source>unchanged: the tile was skipped</source>
        <translation>不变：本块已跳过</translation>
    </message>
    <message>
        <source>Query block %1 (rows %2–%3) × key block %4 (keys %5–%6)</source>
        <translation>查询块 %1（第 %2–%3 行）× 键块 %4（第 %5–%6 个键）</translation>
    </message>
    <message>
        <source>Scores S of the tile</source>
        <translation>本块的分数 S</translation>
    </message>
    <message>
        <source>P = exp(S − m′), not yet normalised</source>
        <translation>P = exp(S − m′)，尚未归一化</translation>
    </message>
    <message>
        <source>Tiled and standard kernels agree to float32 rounding: max |difference| %1</source>
        <translation>分块内核与标准内核在 float32 舍入范围内一致：最大 |差异| %1</translation>
    </message>
    <message>
        <source>Tiled: O / ℓ</source>
        <translation>分块：O / ℓ</translation>
    </message>
    <message>
        <source>each row&apos;s O divided by its ℓ : %1</source>
        <translation>每行的 O 除以其 ℓ：%1</translation>
    </message>
    <message>
        <source>Standard: softmax(S)·V</source>
        <translation>标准：softmax(S)·V</translation>
    </message>
    <message>
        <source>|difference|</source>
        <translation>|差异|</translation>
    </message>
    <message>
        <source>Head %1 · K/V head %2</source>
        <translation>头 %1 · 键/值头 %2</translation>
    </message>
    <message>
        <source>not computed: the mask hides the whole tile</source>
        <translation>未计算：掩码遮蔽了整个块</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>; the query heads of each key/value head side by side (%1 of them)</source>
        <translation>；共用同一个键/值头的查询头并排显示（共 %1 个键/值头）</translation>
    </message>
</context>
<context>
    <name>TrainingCheckpoint</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
</context>
<context>
    <name>TrainingFigures</name>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>softmax(q·kᵀ/√d_h + causal mask) : (%1×%1)</source>
        <translation>softmax(q·kᵀ/√d_h + 因果掩码) : (%1×%1)</translation>
    </message>
    <message>
        <source>query position</source>
        <translation>查询位置</translation>
    </message>
    <message>
        <source>key position</source>
        <translation>键位置</translation>
    </message>
    <message>
        <source>key %1 comes after query %2: masked, weight 0</source>
        <translation>键 %1 位于查询 %2 之后：被掩码，权重为 0</translation>
    </message>
    <message>
        <source>α[%1, %2] = %3: query %1 gives key %2 this share of its attention (its row sums to 1)</source>
        <translation>α[%1, %2] = %3：查询 %1 把这一份注意力分给键 %2（每行之和为 1）</translation>
    </message>
    <message numerus="yes">
        <source>Attention on the probe after %n step(s)</source>
        <translation>
            <numerusform>训练 %n 步后探针上的注意力</numerusform>
        </translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>第 %1 个头</translation>
    </message>
    <message>
        <source>Layer %1, head %2 after %3 steps · induction score %4</source>
        <translation>第 %1 层第 %2 个头，训练 %3 步后 · 归纳得分 %4</translation>
    </message>
</context>
<context>
    <name>TrainingRunner</name>
    <message>
        <source>--train: cannot read the training session %1</source>
        <translation>--train：无法读取训练会话 %1</translation>
    </message>
</context>
<context>
    <name>TrainingSession</name>
    <message>
        <source>unknown key %1 in a training session</source>
        <translation>训练会话中有未知的键 %1</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 必须是对象</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1 must be a whole number from 0 to 2^53 − 1</source>
        <translation>%1 必须是 0 到 2^53 − 1 之间的整数</translation>
    </message>
    <message>
        <source>%1 must be a number %2 %3 and at most %4</source>
        <translation>%1 必须是一个%2 %3 且至多 %4 的数</translation>
    </message>
    <message>
        <source>above</source>
        <translation>大于</translation>
    </message>
    <message>
        <source>of at least</source>
        <translation>至少为</translation>
    </message>
    <message>
        <source>%1 must be true or false</source>
        <translation>%1 必须是 true 或 false</translation>
    </message>
    <message>
        <source>%1 must be one of %2</source>
        <translation>%1 必须是 %2 之一</translation>
    </message>
    <message>
        <source>&quot;task.text_file&quot; must be a file name</source>
        <translation>&quot;task.text_file&quot; 必须是文件名</translation>
    </message>
    <message>
        <source>&quot;task.text_file&quot;: cannot read %1 (%2)</source>
        <translation>&quot;task.text_file&quot;：无法读取 %1（%2）</translation>
    </message>
    <message>
        <source>&quot;task.text_file&quot;: %1 is not UTF-8 text</source>
        <translation>&quot;task.text_file&quot;：%1 不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>&quot;model.n_heads&quot; (%1) must divide &quot;model.emb_dim&quot; (%2)</source>
        <translation>&quot;model.n_heads&quot;（%1）必须整除 &quot;model.emb_dim&quot;（%2）</translation>
    </message>
    <message>
        <source>&quot;task.min_period&quot; (%1) is above &quot;task.max_period&quot; (%2)</source>
        <translation>&quot;task.min_period&quot;（%1）大于 &quot;task.max_period&quot;（%2）</translation>
    </message>
    <message>
        <source>&quot;model.context_length&quot; (%1) must be at least &quot;task.max_period&quot; + 1 (%2): a row must repeat its period</source>
        <translation>&quot;model.context_length&quot;（%1）必须至少为 &quot;task.max_period&quot; + 1（%2）：每行都必须重复其周期</translation>
    </message>
    <message>
        <source>&quot;task.max_length&quot; (%1) is above &quot;model.context_length&quot; (%2)</source>
        <translation>&quot;task.max_length&quot;（%1）大于 &quot;model.context_length&quot;（%2）</translation>
    </message>
    <message>
        <source>a text task needs &quot;task.text_file&quot;</source>
        <translation>文本任务需要 &quot;task.text_file&quot;</translation>
    </message>
    <message>
        <source>&quot;task.text_file&quot; is empty</source>
        <translation>&quot;task.text_file&quot; 是空的</translation>
    </message>
    <message>
        <source>&quot;task.text_file&quot; is too short: its training part gives %1 windows of &quot;task.max_length&quot; tokens, fewer than one batch (&quot;train.batch_size&quot; %2)</source>
        <translation>&quot;task.text_file&quot; 太短：其训练部分只能切出 %1 个长度为 &quot;task.max_length&quot; 的窗口，不足一个批次（&quot;train.batch_size&quot; %2）</translation>
    </message>
    <message>
        <source>&quot;task.text_file&quot; is too short: its validation part (after &quot;task.train_ratio&quot;) holds no window of &quot;task.max_length&quot; + 1 tokens</source>
        <translation>&quot;task.text_file&quot; 太短：其验证部分（&quot;task.train_ratio&quot; 之后）容不下一个 &quot;task.max_length&quot; + 1 个词元的窗口</translation>
    </message>
    <message>
        <source>not a JSON object: %1</source>
        <translation>不是 JSON 对象：%1</translation>
    </message>
    <message>
        <source>&quot;format&quot; must be &quot;%1&quot;</source>
        <translation>&quot;format&quot; 必须是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>&quot;version&quot; must be %1</source>
        <translation>&quot;version&quot; 必须是 %1</translation>
    </message>
    <message>
        <source>cannot read the training session %1 (%2)</source>
        <translation>无法读取训练会话 %1（%2）</translation>
    </message>
</context>
<context>
    <name>VariantFormulas</name>
    <message>
        <source>This session is not causal: every query still sees every key.</source>
        <translation>此会话不是因果的：每个查询仍能看到每个键。</translation>
    </message>
    <message>
        <source>Dropout is off in this session (it acts only in training mode with p &gt; 0).</source>
        <translation>此会话中 dropout 已关闭（它只在训练模式且 p &gt; 0 时起作用）。</translation>
    </message>
    <message>
        <source>This session has a single head.</source>
        <translation>此会话只有一个头。</translation>
    </message>
    <message>
        <source>This session is self-attention: it has no source sentence, so the keys come from the queries&apos; own sentence.</source>
        <translation>此会话是自注意力：没有源句，因此键来自查询自身所在的句子。</translation>
    </message>
    <message>
        <source>not causal: α%1 = softmax(ω%1%2) = %3</source>
        <translation>非因果：α%1 = softmax(ω%1%2) = %3</translation>
    </message>
    <message>
        <source>mask = torch.triu(torch.ones(%1, %2), diagonal=1)   (1 = hidden future key)</source>
        <translation>mask = torch.triu(torch.ones(%1, %2), diagonal=1)   （1 = 被遮住的未来键）</translation>
    </message>
    <message>
        <source>method 1: w = softmax(ω%1) ⊙ tril;  α = w / w.sum(dim=1)</source>
        <translation>方法 1：w = softmax(ω%1) ⊙ tril;  α = w / w.sum(dim=1)</translation>
    </message>
    <message>
        <source>method 2: α = softmax(ω.masked_fill(mask.bool(), −∞)%1)</source>
        <translation>方法 2：α = softmax(ω.masked_fill(mask.bool(), −∞)%1)</translation>
    </message>
    <message>
        <source>method 1: α%1 = %2</source>
        <translation>方法 1：α%1 = %2</translation>
    </message>
    <message>
        <source>method 2: α%1 = %2</source>
        <translation>方法 2：α%1 = %2</translation>
    </message>
    <message>
        <source>max |method 1 − method 2| = %1 over every weight</source>
        <translation>在所有权重上，max |方法 1 − 方法 2| = %1</translation>
    </message>
    <message>
        <source>dropout off (p = %1, %2): α&apos;%3 = α%3 = %4</source>
        <translation>dropout 关闭（p = %1，%2）：α&apos;%3 = α%3 = %4</translation>
    </message>
    <message>
        <source>p = %1, training: keep = bernoulli(1 − p) : %2   (1 = kept)</source>
        <translation>p = %1，训练模式：keep = bernoulli(1 − p) : %2   （1 = 保留）</translation>
    </message>
    <message>
        <source>model.eval(): dropout does nothing, α&apos; = α</source>
        <translation>model.eval()：dropout 不起作用，α&apos; = α</translation>
    </message>
    <message>
        <source>output z%1 = %2</source>
        <translation>输出 z%1 = %2</translation>
    </message>
    <message>
        <source>the wrapper instead: torch.cat([head(x) for head in heads], dim=-1) : %1 × %2 → %3, no out_proj</source>
        <translation>包装类的做法：torch.cat([head(x) for head in heads], dim=-1) : %1 × %2 → %3，没有 out_proj</translation>
    </message>
    <message>
        <source>heads = %1 × SelfAttention(d_in=%2, d_out_kq=%3, d_out_v=%4)</source>
        <translation>heads = %1 × SelfAttention(d_in=%2, d_out_kq=%3, d_out_v=%4)</translation>
    </message>
    <message>
        <source>each head(x) : %1 → %2</source>
        <translation>每个 head(x) : %1 → %2</translation>
    </message>
    <message>
        <source>the efficient class instead: one projection, then view and transpose: (b, T, d_out) → (b, T, h, head_dim) → (b, h, T, head_dim), and out_proj</source>
        <translation>高效实现类的做法：一次投影，然后 view 和 transpose：(b, T, d_out) → (b, T, h, head_dim) → (b, h, T, head_dim)，最后是 out_proj</translation>
    </message>
    <message>
        <source>queries from %1 (T = %2); keys and values from %3 (S = %4)</source>
        <translation>查询来自 %1（T = %2）；键和值来自 %3（S = %4）</translation>
    </message>
    <message>
        <source>%1 attends most to %2</source>
        <translation>%1 最关注 %2</translation>
    </message>
    <message>
        <source>T = %1 tokens   (GPT-2&apos;s context_length is 1024)</source>
        <translation>T = %1 个 token   （GPT-2 的 context_length 为 1024）</translation>
    </message>
    <message>
        <source>parameters: W_query, W_key, W_value%1 = %2</source>
        <translation>参数：W_query、W_key、W_value%1 = %2</translation>
    </message>
    <message>
        <source>, out_proj</source>
        <translation>、out_proj</translation>
    </message>
    <message>
        <source>attention weights: %1 heads × %2 = %3</source>
        <translation>注意力权重：%1 个头 × %2 = %3</translation>
    </message>
    <message>
        <source>scores divided by √%1 = %2</source>
        <translation>得分除以 √%1 = %2</translation>
    </message>
    <message>
        <source>computed here in %1 ms, adding up in the same order as PyTorch (the same digits)</source>
        <translation>在此用时 %1 毫秒计算，求和顺序与 PyTorch 相同（数字完全一致）</translation>
    </message>
    <message>
        <source>computed here in %1 ms with fast matrix routines (the same numbers as PyTorch&apos;s up to the last digits of float32)</source>
        <translation>在此用时 %1 毫秒，用快速矩阵例程计算（与 PyTorch 的数值一致，仅 float32 的最后几位可能不同）</translation>
    </message>
    <message>
        <source>mask: 1 where j &gt; i or j ≤ i − %1   (a causal window of %1 keys)</source>
        <translation>掩码：j &gt; i 或 j ≤ i − %1 处为 1   （%1 个键的因果窗口）</translation>
    </message>
    <message>
        <source>mask: 1 where |i − j| ≥ %1   (a window of %1 keys each side)</source>
        <translation>掩码：|i − j| ≥ %1 处为 1   （两侧各 %1 个键的窗口）</translation>
    </message>
    <message>
        <source>max |method 1 − method 2| = %1 over this row</source>
        <translation>在这一行上，max |方法 1 − 方法 2| = %1</translation>
    </message>
</context>
<context>
    <name>WalkthroughCatalog</name>
    <message>
        <source>Tokens and vocabulary</source>
        <translation>token 与词表</translation>
    </message>
    <message>
        <source>Attention works on vectors, so the text is first cut into tokens and every token gets an integer id. As in the article, the vocabulary here holds only the sentence&apos;s own words, sorted, and a token&apos;s id is its place in that list; a real model&apos;s vocabulary has 30,000 to 50,000 entries.</source>
        <translation>注意力作用于向量，因此文本先被切分成 token，每个 token 获得一个整数 id。与文章中一样，这里的词表只包含句子自己的词，并已排序，token 的 id 就是它在这个列表中的位置；真实模型的词表有 3 万到 5 万个条目。</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Each id picks one row of an embedding table: a vector of d_in numbers that stands for the token. The table starts random (nn.Embedding fills it with normal_ after torch.manual_seed) and is learned in training. Real models use hundreds to thousands of dimensions; the article uses 3 so that every number fits on the screen.</source>
        <translation>每个 id 选取嵌入表中的一行：一个由 d_in 个数组成、代表该 token 的向量。这张表一开始是随机的（nn.Embedding 在 torch.manual_seed 之后用 normal_ 填充它），并在训练中学习。真实模型使用数百到数千维；文章使用 3 维，好让每个数字都能显示在屏幕上。</translation>
    </message>
    <message>
        <source>Simplified self-attention</source>
        <translation>简化自注意力</translation>
    </message>
    <message>
        <source>The simplest attention has no trainable weights: every token&apos;s vector is compared with every other by a dot product, ω = X·Xᵀ. Softmax turns each row of scores into weights α that are positive and sum to 1. The context vector z(i) is the weighted sum of all the inputs: x(i) enriched with what it attends to.</source>
        <translation>最简单的注意力没有可训练权重：每个 token 的向量都通过点积与其他所有向量比较，ω = X·Xᵀ。softmax 把每一行得分变为全部为正、总和为 1 的权重 α。上下文向量 z(i) 是所有输入的加权和：融合了所关注内容的 x(i)。</translation>
    </message>
    <message>
        <source>Trainable weights: queries, keys and values</source>
        <translation>可训练权重：查询、键和值</translation>
    </message>
    <message>
        <source>Self-attention as transformers use it first projects every embedding with three trainable matrices: a query q = x·W_q (what the token looks for), a key k = x·W_k (what it offers to be found by) and a value v = x·W_v (what it passes on). Queries and keys need the same size d_k because they are compared by a dot product; the values&apos; size d_v is free.</source>
        <translation>Transformer 中使用的自注意力先用三个可训练矩阵投影每个嵌入：查询 q = x·W_q（该 token 要找什么）、键 k = x·W_k（它凭什么被找到）和值 v = x·W_v（它传递出去的内容）。查询和键通过点积比较，因此需要相同的维度 d_k；值的维度 d_v 可以任意设置。</translation>
    </message>
    <message>
        <source>The scores ω of one query</source>
        <translation>一个查询的得分 ω</translation>
    </message>
    <message>
        <source>Scaling by √d_k and softmax</source>
        <translation>按 √d_k 缩放与 softmax</translation>
    </message>
    <message>
        <source>Softmax turns the scores into weights that sum to 1, after dividing them by √d_k. A dot product of d_k terms has a variance that grows with d_k, and softmax of large scores saturates into a one-hot vector whose gradients vanish; dividing by √d_k brings the variance back to about 1. The chart measures it on random queries and keys.</source>
        <translation>得分先除以 √d_k，再由 softmax 变为总和为 1 的权重。d_k 项点积的方差随 d_k 增长，而对很大的得分做 softmax 会饱和成 one-hot 向量，梯度随之消失；除以 √d_k 可以把方差拉回到 1 左右。图表在随机的查询和键上测量了这一点。</translation>
    </message>
    <message>
        <source>The context vector z</source>
        <translation>上下文向量 z</translation>
    </message>
    <message>
        <source>The causal mask: two methods, one result</source>
        <translation>因果掩码：两种方法，同一个结果</translation>
    </message>
    <message>
        <source>A GPT-style model predicts the next token from the ones before it, so a query may not attend to later keys. Method 1 applies softmax, zeroes the weights above the diagonal and renormalises each row; method 2 writes −∞ into those scores before softmax, since e^−∞ = 0. Both give the same weights, and method 2 needs one step less.</source>
        <translation>GPT 类模型根据前面的 token 预测下一个 token，因此查询不能关注后面的键。方法 1 先做 softmax，将主对角线以上的权重置零，再对每一行重新归一化；方法 2 在 softmax 之前把这些得分填为 −∞，因为 e^−∞ = 0。两者得到相同的权重，而方法 2 少一步。</translation>
    </message>
    <message>
        <source>Dropout on the attention weights</source>
        <translation>注意力权重上的 dropout</translation>
    </message>
    <message>
        <source>In training, dropout zeroes each attention weight with probability p and scales the kept ones by 1/(1 − p), so that the weights keep their size on average. With p = 0.5, as in the book, about half the weights are dropped and the others doubled. In eval mode, model.eval(), dropout does nothing.</source>
        <translation>训练时，dropout 以概率 p 将每个注意力权重置零，并把保留下来的权重乘以 1/(1 − p)，使权重的平均大小保持不变。p = 0.5 时（与书中相同），大约一半的权重被丢弃，其余的翻倍。在评估模式 model.eval() 下，dropout 不起作用。</translation>
    </message>
    <message>
        <source>Multi-head attention</source>
        <translation>多头注意力</translation>
    </message>
    <message>
        <source>Multi-head attention runs several heads, each with its own W_q, W_k and W_v, and concatenates their context vectors. The wrapper keeps a list of separate heads; the efficient MultiHeadAttention class computes one big projection, splits it into heads with view and transpose, attends in every head with one batched matrix product and mixes the heads with a last linear layer, out_proj.</source>
        <translation>多头注意力并行运行多个头，每个头都有自己的 W_q、W_k 和 W_v，最后把它们的上下文向量拼接起来。包装类保存一个由独立的头组成的列表；高效的 MultiHeadAttention 类只计算一次大投影，用 view 和 transpose 把它拆分成多个头，用一次批量矩阵乘法在所有头中计算注意力，最后用一个线性层 out_proj 将各头混合。</translation>
    </message>
    <message>
        <source>Cross-attention: German to English</source>
        <translation>交叉注意力：德语到英语</translation>
    </message>
    <message>
        <source>In cross-attention the queries come from one sequence and the keys and values from another, as when a decoder writing English looks back at the German source. The attention matrix is T×S: one row per English token, one column per German token. These weights are untrained, so where each English word looks is still random; training is what makes &apos;you&apos; attend to &apos;du&apos;.</source>
        <translation>在交叉注意力中，查询来自一个序列，键和值来自另一个序列，就像正在写英语的解码器回看德语源句一样。注意力矩阵为 T×S：每个英语 token 一行，每个德语 token 一列。这些权重未经训练，所以每个英语词关注哪里仍是随机的；正是训练让 &apos;you&apos; 去关注 &apos;du&apos;。</translation>
    </message>
    <message>
        <source>GPT-2 sizes, live</source>
        <translation>GPT-2 的规模，实时计算</translation>
    </message>
    <message>
        <source>The smallest GPT-2 uses this module at full size: 768-dimensional embeddings, 12 heads of 64 dimensions and a context of 1,024 tokens. Its twelve 1024×1024 attention matrices are computed here live, with the causal mask and the scaling by √64 = 8. Zoom into the heatmaps to see single tokens.</source>
        <translation>最小的 GPT-2 以完整规模使用这个模块：768 维嵌入、12 个 64 维的头，以及 1,024 个 token 的上下文。它的 12 个 1024×1024 注意力矩阵在这里实时计算，带有因果掩码和 √64 = 8 的缩放。放大热力图即可看到单个 token。</translation>
    </message>
    <message>
        <source>This session uses GPT-2&apos;s tokenizer instead, as the book&apos;s chapter 2 does: byte-pair encoding (BPE). The text is cut into words, spaces and punctuation, each piece becomes its UTF-8 bytes, and the pair of neighbours that was most frequent in GPT-2&apos;s training text is merged again and again (50,000 learned merges, in rank order). The vocabulary is fixed at 50,257 tokens for any text, so an unknown word is never a problem: it is spelled with smaller pieces, down to single bytes. A leading space belongs to the word, and a Chinese character may take two or three tokens.</source>
        <translation>本会话改用 GPT-2 的分词器，与书中第 2 章相同：字节对编码（BPE）。文本先被切成单词、空格和标点，每个片段变成它的 UTF-8 字节，然后反复合并在 GPT-2 训练文本中最常见的相邻一对（按排名顺序的 50,000 条学到的合并规则）。无论什么文本，词表都固定为 50,257 个 token，因此不会出现未知词：它会被拼成更小的片段，最小到单个字节。词前的空格属于这个词，一个汉字可能占两到三个 token。</translation>
    </message>
    <message>
        <source>Take one token as the query: here x(%1), chosen below (both seeds take the second token, x(2)). Its unnormalised attention scores are the dot products of its query with every key: ω(%1, j) = q(%1)·k(j). A large score means that the query and the key point the same way.</source>
        <translation>取一个 token 作为查询：这里是 x(%1)，可在下方选择（两篇种子文档都取第二个 token x(2)）。它的未归一化注意力得分是它的查询与每个键的点积：ω(%1, j) = q(%1)·k(j)。得分越大，说明查询和键的方向越接近。</translation>
    </message>
    <message>
        <source>The context vector z(%1) is the attention-weighted sum of the values: z(%1) = Σ_j α(%1, j)·v(j). It has d_v numbers, which need not equal d_in. For every query at once this is one matrix product, Z = α·V: the whole forward pass of the article&apos;s SelfAttention module.</source>
        <translation>上下文向量 z(%1) 是值的注意力加权和：z(%1) = Σ_j α(%1, j)·v(j)。它有 d_v 个数，不必等于 d_in。对所有查询同时计算时，这就是一次矩阵乘法 Z = α·V：文章中 SelfAttention 模块的整个前向计算。</translation>
    </message>
    <message>
        <source>Here: the checkpoint %1, d = %2, %3 heads of %4 dimensions, a vocabulary of %5 tokens.</source>
        <translation>此处：检查点 %1，d = %2，%3 个 %4 维的头，词表有 %5 个词元。</translation>
    </message>
    <message>
        <source>α(l, h) = softmax(q·kᵀ / √%1) with the causal mask, per layer l and head h
thumbnail = the largest α of each block, each row / its maximum</source>
        <translation>α(l, h) = softmax(q·kᵀ / √%1)，带因果掩码，对每层 l 和每个头 h
缩略图 = 每块中最大的 α，每行除以其最大值</translation>
    </message>
    <message>
        <source>α(%1, j) = softmax_j(q(%1)·k(j)ᵀ / √%2), j ≤ %1, for every head of the layer</source>
        <translation>α(%1, j) = softmax_j(q(%1)·k(j)ᵀ / √%2)，j ≤ %1，对该层的每个头</translation>
    </message>
    <message>
        <source>logits = LN_f(x(%1))·W_outᵀ : (1×%2)·(%2×%3) → (1×%3)
p = softmax(logits)</source>
        <translation>logits = LN_f(x(%1))·W_outᵀ : (1×%2)·(%2×%3) → (1×%3)
p = softmax(logits)</translation>
    </message>
    <message>
        <source>The model&apos;s tokens</source>
        <translation>模型的词元</translation>
    </message>
    <message>
        <source>Every layer and head of the model</source>
        <translation>模型的每一层和每个头</translation>
    </message>
    <message>
        <source>The model has several layers of several heads, each with its own attention weights. Each thumbnail is one head: queries down, keys across, each row scaled to its maximum, so the darkest cell of a row is where that query looks most. Heads that look at the previous token show a line under the diagonal; heads that look at the first token, a dark first column. Click one to open its layer and head.</source>
        <translation>模型有若干层，每层有若干个头，各有自己的注意力权重。每个缩略图是一个头：查询向下，键向右，每行按其最大值缩放，所以一行中最深的格子就是该查询最关注的位置。关注前一个词元的头在对角线下方显示一条线；关注第一个词元的头显示深色的第一列。点击一个缩略图即可打开它的层和头。</translation>
    </message>
    <message>
        <source>The layer&apos;s queries, keys and values</source>
        <translation>该层的查询、键和值</translation>
    </message>
    <message>
        <source>A block does not read embeddings: its input is the residual stream (the token and position embeddings plus what every earlier block added), normalised by LayerNorm (LN₁). One trained linear layer projects each row at once into the queries, keys and values of every head (x·W + b); each head takes its own slice of the columns. The pages show one head&apos;s share.</source>
        <translation>一个块读取的不是嵌入：它的输入是残差流（词元嵌入和位置嵌入，加上之前每个块添加的内容），经 LayerNorm（LN₁）归一化。一个训练好的线性层把每一行一次性投影为所有头的查询、键和值（x·W + b）；每个头取其中属于自己的若干列。各页显示一个头的那一份。</translation>
    </message>
    <message>
        <source>Take one token as the query: here token %1, chosen below. Its scores are the dot products of its query with every key, ω(%1, j) = q(%1)·k(j): how well what it looks for matches what each token offers, with the model&apos;s trained weights.</source>
        <translation>取一个词元作为查询：此处为第 %1 个词元，可在下方选择。它的分数是它的查询与每个键的点积，ω(%1, j) = q(%1)·k(j)：它要找的内容与每个词元提供的内容有多匹配，用的是模型训练好的权重。</translation>
    </message>
    <message>
        <source>Scaling, the causal mask and softmax</source>
        <translation>缩放、因果掩码和 softmax</translation>
    </message>
    <message>
        <source>The model predicts each next token from the ones before it, so a query may not attend to later keys: their scores become −∞ before softmax (e^−∞ = 0). The scores are divided by √d_head first, which keeps softmax from saturating; each row of weights α then sums to 1 over the query and the tokens before it.</source>
        <translation>模型根据前面的词元预测下一个词元，所以查询不能关注后面的键：这些分数在 softmax 之前变为 −∞（e^−∞ = 0）。分数先除以 √d_head，以免 softmax 饱和；之后每行权重 α 在该查询及其之前的词元上之和为 1。</translation>
    </message>
    <message>
        <source>Each head&apos;s context vectors</source>
        <translation>每个头的上下文向量</translation>
    </message>
    <message>
        <source>The context vector z(%1) is the attention-weighted sum of the head&apos;s values: z(%1) = Σ_j α(%1, j)·v(j). For every query at once this is one matrix product, Z = α·V, in each head.</source>
        <translation>上下文向量 z(%1) 是该头的值按注意力加权之和：z(%1) = Σ_j α(%1, j)·v(j)。对所有查询一次计算，就是每个头中的一个矩阵乘积 Z = α·V。</translation>
    </message>
    <message>
        <source>The heads together and the output projection</source>
        <translation>各头合并与输出投影</translation>
    </message>
    <message>
        <source>All heads of the layer attend at once, each in its own slice of the projection. Their context vectors are concatenated and mixed by the layer&apos;s output projection (out_proj, GPT-2&apos;s c_proj); the result is added to the residual stream, and the block&apos;s feed-forward network follows.</source>
        <translation>该层的所有头同时计算注意力，每个头使用投影中属于自己的部分。它们的上下文向量被拼接起来，再由该层的输出投影（out_proj，即 GPT-2 的 c_proj）混合；结果加到残差流上，随后是该块的前馈网络。</translation>
    </message>
    <message>
        <source>Where one token looks, head by head</source>
        <translation>一个词元关注哪里，逐头查看</translation>
    </message>
    <message>
        <source>One row per head of the layer, one column per token the chosen token may see, each row on its own scale: heads rarely agree. With many tokens only each head&apos;s strongest keys are shown, and a row&apos;s label says which share of that head&apos;s attention they hold.</source>
        <translation>该层每个头一行，所选词元能看到的每个词元一列，每行使用各自的比例：各头很少一致。词元很多时只显示每个头最强的键，行标签说明这些键占该头注意力的多少比例。</translation>
    </message>
    <message>
        <source>The next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>After the last block, the last token&apos;s row of the residual stream is normalised (LN_f) and multiplied by the output head (GPT-2 reuses its token embedding table; the book&apos;s model may have its own out_head): one logit per token of the vocabulary, which softmax turns into probabilities. These are the most likely (␣ is a space).</source>
        <translation>最后一个块之后，残差流中最后一个词元的行经过归一化（LN_f），再乘以输出头（GPT-2 复用其词元嵌入表；书中的模型可以有自己的 out_head）：词表中每个词元得到一个 logit，softmax 把它们变成概率。这里是最可能的几个（␣ 表示空格）。</translation>
    </message>
    <message>
        <source>Today: rotary position embeddings</source>
        <translation>今日：旋转位置编码</translation>
    </message>
    <message>
        <source>Llama and most models since do not add a position vector to the embeddings. RoPE turns each pair of a query&apos;s and a key&apos;s numbers by an angle that grows with the position, m·θ_i. The score of a query at m and a key at n then depends only on m − n: attention sees how far apart two tokens are, not where they are.</source>
        <translation>Llama 以及此后的大多数模型不再把位置向量加到嵌入上。RoPE 把查询和键的每一对数按随位置增长的角度 m·θ_i 旋转。于是位置 m 的查询与位置 n 的键的分数只取决于 m − n：注意力看到的是两个词元相距多远，而不是它们在哪里。</translation>
    </message>
    <message>
        <source>Today: grouped key/value heads</source>
        <translation>今日：分组的键/值头</translation>
    </message>
    <message>
        <source>Generating text, a model keeps every past token&apos;s keys and values. Grouped-query attention makes that cache smaller: several query heads share one key/value head (repeat_interleave), so Llama 2 70B stores 8 heads&apos; keys instead of 64. With one key/value head for all it is multi-query attention.</source>
        <translation>生成文本时，模型会保存之前每个词元的键和值。分组查询注意力让这个缓存变小：多个查询头共享一个键/值头（repeat_interleave），因此 Llama 2 70B 只存 8 个头的键，而不是 64 个。所有查询头共用一个键/值头时，就是多查询注意力。</translation>
    </message>
    <message>
        <source>Today: a sliding window</source>
        <translation>今日：滑动窗口</translation>
    </message>
    <message>
        <source>Mistral lets each token see only the last W keys, itself included: a band along the diagonal instead of the whole lower triangle. The cost per token stays W whatever the length; information still travels further through the layers. Both masking methods agree on the band too.</source>
        <translation>Mistral 让每个词元只看到最近的 W 个键（包括它自己）：沿对角线的一条带，而不是整个下三角。无论文本多长，每个词元的开销都保持为 W；信息仍可通过多层传得更远。两种掩码方法在这条带上同样一致。</translation>
    </message>
    <message>
        <source>Today: FlashAttention, tile by tile</source>
        <translation>今日：逐块计算的 FlashAttention</translation>
    </message>
    <message>
        <source>On a GPU, attention is limited by memory traffic, not arithmetic. FlashAttention never writes the T×S scores out: it walks over tiles of queries and keys, keeping per row the largest score so far and a running sum, and rescales what it summed when a larger score arrives. The result is the same attention, to float32 rounding.</source>
        <translation>在 GPU 上，注意力受限于内存传输而不是算术。FlashAttention 从不把 T×S 的分数写出：它逐块遍历查询和键，每行只保留迄今最大的分数和一个累加和，遇到更大的分数时重新缩放已累加的部分。结果是同样的注意力，误差仅为 float32 舍入。</translation>
    </message>
    <message>
        <source>previous token: P[i, i−1] = 1</source>
        <translation>前一词元：P[i, i−1] = 1</translation>
    </message>
    <message>
        <source>induction: P[i, j] = 1 when token j−1 = token i</source>
        <translation>归纳：当词元 j−1 = 词元 i 时 P[i, j] = 1</translation>
    </message>
    <message>
        <source>score = Σ(α ⊙ P) / Σα: the share of a head&apos;s attention on P</source>
        <translation>得分 = Σ(α ⊙ P) / Σα：头的注意力落在 P 上的比例</translation>
    </message>
    <message>
        <source>this layer&apos;s best previous-token head: %1 (%2)</source>
        <translation>本层最佳的前一词元头：%1（%2）</translation>
    </message>
    <message>
        <source>this layer&apos;s best induction head: %1 (%2)</source>
        <translation>本层最佳的归纳头：%1（%2）</translation>
    </message>
    <message>
        <source>Heads specialise. A previous-token head looks at the token just before; an induction head looks at the token that followed an earlier copy of the current one, which lets a model repeat a sequence it has seen. The page scores every layer&apos;s heads against these patterns and ranks them; on the induction probe (random tokens, repeated) a trained model&apos;s induction heads stand out.</source>
        <translation>头会分工。前一词元头看紧挨着的前一个词元；归纳头看当前词元较早一次出现之后的那个词元，这让模型能重复它见过的序列。本页按这些模式给每层的头打分并排序；在归纳探针（随机词元重复一遍）上，训练好的模型的归纳头会格外突出。</translation>
    </message>
    <message>
        <source>Previous-token and induction heads</source>
        <translation>前一词元头与归纳头</translation>
    </message>
    <message>
        <source>Watch an induction head form</source>
        <translation>观察归纳头的形成</translation>
    </message>
    <message>
        <source>Untrained heads mean nothing; training gives them roles. The training lab trains a two-layer, attention-only model on random sequences that repeat, which only a head that copies what followed the current token&apos;s earlier occurrence can predict. For some 500 steps the loss stays near ln 64 ≈ 4.2; then, within a hundred steps, a previous-token head forms in layer 1, an induction head in layer 2 reads it, and the loss falls: the phase change of Olsson et al. (2022), live, in under a minute.</source>
        <translation>未经训练的注意力头没有意义；训练赋予它们角色。训练实验室在重复的随机序列上训练一个两层、只有注意力的模型，这些序列只有能复制当前词元先前出现处之后内容的注意力头才能预测。大约 500 步内损失停在 ln 64 ≈ 4.2 附近；随后在一百步之内，第 1 层形成一个前一词元头，第 2 层的一个归纳头读取它，损失随之下降：这就是 Olsson 等人（2022）描述的相变，在一分钟内实时呈现。</translation>
    </message>
    <message>
        <source>previous-token score = Σ(A ⊙ P) / ΣA, P[i, i − 1] = 1
induction score = Σ(A ⊙ P) / ΣA, P[i, j] = 1 where token j − 1 is token i
over the probe r + r; loss ≈ ln 64 ≈ 4.16 → about 1.7 after 1,000 steps</source>
        <translation>前一词元得分 = Σ(A ⊙ P) / ΣA，P[i, i − 1] = 1
归纳得分 = Σ(A ⊙ P) / ΣA，当词元 j − 1 就是词元 i 时 P[i, j] = 1
在探针 r + r 上计算；损失 ≈ ln 64 ≈ 4.16 → 1,000 步后约 1.7</translation>
    </message>
    <message>
        <source>A trained model reads the text with its own tokenizer: a byte-pair encoding (GPT-2&apos;s, or the one in a model&apos;s tokenizer.json) cuts the text into words, spaces and punctuation and merges their bytes into the pieces it learned, so every token is an id in a fixed vocabulary, and an unknown word is spelled with smaller pieces. A leading space belongs to the word (␣).</source>
        <translation>训练好的模型用自己的分词器读文本：字节对编码（GPT-2 的，或模型 tokenizer.json 中的）把文本切成单词、空格和标点，再把它们的字节合并成学到的片段，因此每个词元都是固定词表中的一个 id，未知的词则由更小的片段拼出。词前的空格属于该词（␣）。</translation>
    </message>
</context>
<context>
    <name>ae::AblationPage</name>
    <message>
        <source>Ablate &amp;every head</source>
        <translation>消融每个头(&amp;E)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>To see what a head is for, take it out: its output is replaced by zeros (or by its average over the positions) before the layer&apos;s output projection, and the rest of the model runs as usual. If the next-token guess or the loss on the sentence changes a lot, the model relied on that head.</source>
        <translation>要看一个头有什么用，就把它拿掉：在该层输出投影之前，把它的输出换成零（或换成它在各位置上的平均值），模型其余部分照常运行。如果下一个词元的预测或句子上的损失变化很大，说明模型依赖这个头。</translation>
    </message>
    <message>
        <source>zero: its output set to 0</source>
        <translation>zero：输出置为 0</translation>
    </message>
    <message>
        <source>mean: its output set to its average over the positions</source>
        <translation>mean：输出置为它在各位置上的平均值</translation>
    </message>
    <message>
        <source>loss change</source>
        <translation>损失变化</translation>
    </message>
    <message>
        <source>KL of the next token</source>
        <translation>下一个词元的 KL</translation>
    </message>
    <message>
        <source>layer </source>
        <translation>层 </translation>
    </message>
    <message>
        <source>head </source>
        <translation>头 </translation>
    </message>
    <message>
        <source>&amp;Ablation:</source>
        <translation>消融(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>头(&amp;H)：</translation>
    </message>
    <message>
        <source>Next token, the model as it is</source>
        <translation>下一个词元，原模型</translation>
    </message>
    <message>
        <source>&amp;Grid shows:</source>
        <translation>网格显示(&amp;G)：</translation>
    </message>
    <message>
        <source>Ablating layer %1, head %2…</source>
        <translation>正在消融第 %1 层第 %2 个头…</translation>
    </message>
    <message>
        <source>Loss on the sentence (mean cross-entropy of each next token): %1 → %2 (%3%4). KL(as it is ‖ ablated) of the next token: %5.</source>
        <translation>句子上的损失（每个下一个词元交叉熵的平均）：%1 → %2（%3%4）。下一个词元的 KL(原模型 ‖ 消融后)：%5。</translation>
    </message>
    <message>
        <source>Ablation needs at least two tokens: the loss is measured on the tokens after the first.</source>
        <translation>消融至少需要两个词元：损失是在第一个词元之后的词元上计算的。</translation>
    </message>
    <message>
        <source>Next token, layer %1 head %2 ablated</source>
        <translation>下一个词元，消融第 %1 层第 %2 个头</translation>
    </message>
    <message>
        <source>Ablation</source>
        <translation>消融</translation>
    </message>
</context>
<context>
    <name>ae::AboutDialog</name>
    <message>
        <source>About Attention Explorer</source>
        <translation>关于 Attention Explorer</translation>
    </message>
    <message>
        <source>Sebastian Raschka, &lt;i&gt;Understanding and Coding Self-Attention, Multi-Head Attention, Causal-Attention, and Cross-Attention in LLMs&lt;/i&gt;, Ahead of AI, 14 January 2024.</source>
        <translation>Sebastian Raschka，&lt;i&gt;Understanding and Coding Self-Attention, Multi-Head Attention, Causal-Attention, and Cross-Attention in LLMs&lt;/i&gt;（理解并实现大语言模型中的自注意力、多头注意力、因果注意力与交叉注意力），Ahead of AI，2024 年 1 月 14 日。</translation>
    </message>
    <message>
        <source>Sebastian Raschka, &lt;i&gt;Build a Large Language Model (From Scratch)&lt;/i&gt;, chapter 3, Coding attention mechanisms, Manning, 2024.</source>
        <translation>Sebastian Raschka，&lt;i&gt;Build a Large Language Model (From Scratch)&lt;/i&gt;（从零构建大语言模型），第 3 章“实现注意力机制”，Manning，2024 年。</translation>
    </message>
    <message>
        <source>Ashish Vaswani et al., &lt;i&gt;Attention Is All You Need&lt;/i&gt;, 2017, &lt;a href=&quot;https://arxiv.org/abs/1706.03762&quot;&gt;arXiv:1706.03762&lt;/a&gt;.</source>
        <translation>Ashish Vaswani 等，&lt;i&gt;Attention Is All You Need&lt;/i&gt;，2017 年，&lt;a href=&quot;https://arxiv.org/abs/1706.03762&quot;&gt;arXiv:1706.03762&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Explorer %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Attention Explorer %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Computes attention in transformers step by step, with PyTorch&apos;s numbers.&lt;/p&gt;</source>
        <translation>&lt;p&gt;逐步计算 Transformer 中的注意力，数值与 PyTorch 完全一致。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;With the same seeds it shows, digit for digit, the tensors printed in:&lt;/p&gt;</source>
        <translation>&lt;p&gt;使用相同的随机种子时，它逐位显示与下列文献所打印相同的张量：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Released under the MIT licence. Copyright © 2026 Seed 03e2f5a1 maintainers.&lt;/p&gt;</source>
        <translation>&lt;p&gt;以 MIT 许可证发布。版权所有 © 2026 Seed 03e2f5a1 maintainers。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Built with Qt %1 and Eigen.&lt;/p&gt;</source>
        <translation>&lt;p&gt;基于 Qt %1 与 Eigen 构建。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ae::AdvancedControls</name>
    <message>
        <source>default: portable kernels</source>
        <translation>default：可移植内核</translation>
    </message>
    <message>
        <source>AVX2 kernels</source>
        <translation>AVX2 内核</translation>
    </message>
    <message>
        <source>CPU capability</source>
        <translation>CPU 能力</translation>
    </message>
    <message>
        <source>Whose last bits the random draws follow: PyTorch&apos;s portable kernels (&lt;code&gt;ATEN_CPU_CAPABILITY=default&lt;/code&gt;) or the AVX2 ones torch picks by itself on AVX2 CPUs.</source>
        <translation>随机数的最后几位遵循哪种实现：PyTorch 的可移植内核（&lt;code&gt;ATEN_CPU_CAPABILITY=default&lt;/code&gt;），或 torch 在支持 AVX2 的 CPU 上自动选用的 AVX2 内核。</translation>
    </message>
</context>
<context>
    <name>ae::AttentionControls</name>
    <message>
        <source>Attention module</source>
        <translation>注意力模块</translation>
    </message>
    <message>
        <source>&amp;qkv_bias: biases on the projections</source>
        <translation>&amp;qkv_bias：投影带偏置</translation>
    </message>
    <message>
        <source>Simplified (no weights)</source>
        <translation>简化（无权重）</translation>
    </message>
    <message>
        <source>Self-attention (W_q, W_k, W_v)</source>
        <translation>自注意力（W_q、W_k、W_v）</translation>
    </message>
    <message>
        <source>Multi-head: wrapper of heads</source>
        <translation>多头：由多个头组成的包装类</translation>
    </message>
    <message>
        <source>torch.rand (article)</source>
        <translation>torch.rand（文章）</translation>
    </message>
    <message>
        <source>nn.Linear (book)</source>
        <translation>nn.Linear（书）</translation>
    </message>
    <message>
        <source>&amp;Variant</source>
        <translation>变体(&amp;V)</translation>
    </message>
    <message>
        <source>Which module computes attention: &lt;code&gt;attn_scores = inputs @ inputs.T&lt;/code&gt; without weights, &lt;code&gt;SelfAttention&lt;/code&gt;, &lt;code&gt;MultiHeadAttentionWrapper&lt;/code&gt; or the efficient &lt;code&gt;MultiHeadAttention&lt;/code&gt;.</source>
        <translation>由哪个模块计算注意力：没有权重的 &lt;code&gt;attn_scores = inputs @ inputs.T&lt;/code&gt;、&lt;code&gt;SelfAttention&lt;/code&gt;、&lt;code&gt;MultiHeadAttentionWrapper&lt;/code&gt;，或高效的 &lt;code&gt;MultiHeadAttention&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>I&amp;nit</source>
        <translation>初始化(&amp;N)</translation>
    </message>
    <message>
        <source>How the weights are drawn: &lt;code&gt;nn.Parameter(torch.rand(d_in, d_out))&lt;/code&gt; (article) or &lt;code&gt;nn.Linear(d_in, d_out, bias=qkv_bias)&lt;/code&gt; (book).</source>
        <translation>权重的抽取方式：&lt;code&gt;nn.Parameter(torch.rand(d_in, d_out))&lt;/code&gt;（文章）或 &lt;code&gt;nn.Linear(d_in, d_out, bias=qkv_bias)&lt;/code&gt;（书）。</translation>
    </message>
    <message>
        <source>d_out (q, &amp;k)</source>
        <translation>d_out（q，&amp;k）</translation>
    </message>
    <message>
        <source>Size of the queries and keys: &lt;code&gt;W_query = nn.Parameter(torch.rand(d_in, d_out_kq))&lt;/code&gt;; for the efficient multi-head class its &lt;code&gt;d_out&lt;/code&gt;, split into num_heads heads.</source>
        <translation>查询和键的维度：&lt;code&gt;W_query = nn.Parameter(torch.rand(d_in, d_out_kq))&lt;/code&gt;；对于高效的多头注意力类，它就是该类的 &lt;code&gt;d_out&lt;/code&gt;，会被拆分到 num_heads 个头中。</translation>
    </message>
    <message>
        <source>d_o&amp;ut (v)</source>
        <translation>d_o&amp;ut（v）</translation>
    </message>
    <message>
        <source>Size of the values, and so of each context vector: &lt;code&gt;W_value = nn.Parameter(torch.rand(d_in, d_out_v))&lt;/code&gt;; equal to d_out for the efficient class.</source>
        <translation>值的维度，因此也是每个上下文向量的维度：&lt;code&gt;W_value = nn.Parameter(torch.rand(d_in, d_out_v))&lt;/code&gt;；对于高效实现类，它等于 d_out。</translation>
    </message>
    <message>
        <source>Number of &amp;heads</source>
        <translation>注意力头数(&amp;H)</translation>
    </message>
    <message>
        <source>Attention heads side by side: &lt;code&gt;MultiHeadAttentionWrapper(d_in, d_out, ..., num_heads)&lt;/code&gt;; the efficient class needs it to divide d_out.</source>
        <translation>并排的注意力头：&lt;code&gt;MultiHeadAttentionWrapper(d_in, d_out, ..., num_heads)&lt;/code&gt;；高效实现类要求它能整除 d_out。</translation>
    </message>
    <message>
        <source>Adds a bias to the query, key and value projections: &lt;code&gt;nn.Linear(d_in, d_out, bias=qkv_bias)&lt;/code&gt; (nn.Linear only).</source>
        <translation>为查询、键和值的投影加上偏置：&lt;code&gt;nn.Linear(d_in, d_out, bias=qkv_bias)&lt;/code&gt;（仅 nn.Linear）。</translation>
    </message>
    <message>
        <source>&amp;Weight seed</source>
        <translation>权重种子(&amp;W)</translation>
    </message>
    <message>
        <source>&lt;code&gt;torch.manual_seed(weight_seed)&lt;/code&gt; right before the module is built; dropout without a seed of its own continues this stream.</source>
        <translation>在构建模块之前立即调用 &lt;code&gt;torch.manual_seed(weight_seed)&lt;/code&gt;；没有自己种子的 dropout 会延续这个随机数流。</translation>
    </message>
    <message>
        <source>d_ou&amp;t</source>
        <translation>d_ou&amp;t</translation>
    </message>
    <message>
        <source>Multi-head: one split projection</source>
        <translation>多头：一次投影后拆分</translation>
    </message>
    <message>
        <source>Greyed out: simplified attention has no weights. Choose another variant to use it.</source>
        <translation>已禁用：简化注意力没有权重。选择其他变体即可使用。</translation>
    </message>
    <message>
        <source>Greyed out: the efficient multi-head class has one d_out for queries, keys and values; set it above.</source>
        <translation>已禁用：高效的多头类对查询、键和值使用同一个 d_out；请在上方设置。</translation>
    </message>
    <message>
        <source>Greyed out: this variant has a single head. Choose a multi-head variant (Variant, above) to use more.</source>
        <translation>已禁用：此变体只有一个头。在上方的“变体”中选择多头变体即可使用更多的头。</translation>
    </message>
    <message>
        <source>Greyed out: simplified attention has a single head. Choose a multi-head variant (Variant, above) to use more.</source>
        <translation>已禁用：简化注意力只有一个头。在上方的“变体”中选择多头变体即可使用更多的头。</translation>
    </message>
    <message>
        <source>Greyed out: biases come with nn.Linear. Choose the book&apos;s init (Init, above) to add them.</source>
        <translation>已禁用：偏置随 nn.Linear 而来。在上方的“初始化”中选择书中的初始化方式即可添加。</translation>
    </message>
    <message>
        <source>Greyed out: simplified attention draws no weights (a dropout without a seed of its own would continue this seed&apos;s stream).</source>
        <translation>已禁用：简化注意力不抽取权重（没有自己种子的 Dropout 会延续此种子的随机流）。</translation>
    </message>
</context>
<context>
    <name>ae::ColorScaleChoice</name>
    <message>
        <source>Fixed, 0 to 1</source>
        <translation>固定，0 到 1</translation>
    </message>
    <message>
        <source>Automatic, 0 to the largest</source>
        <translation>自动，0 到最大值</translation>
    </message>
    <message>
        <source>Logarithmic</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>Per row</source>
        <translation>按行</translation>
    </message>
    <message>
        <source>Every weight on the same scale from 0 to 1: colours compare across rows and sessions, but weights spread over many tokens look white.</source>
        <translation>所有权重使用同一个 0 到 1 的刻度：颜色可以跨行、跨会话比较，但分散在许多 token 上的权重会显得几乎是白色。</translation>
    </message>
    <message>
        <source>From 0 to the largest weight of the matrix.</source>
        <translation>从 0 到矩阵中最大的权重。</translation>
    </message>
    <message>
        <source>Powers of ten from 0.0001 to the largest weight get equal steps of colour: small weights stay visible; 0 stays white.</source>
        <translation>从 0.0001 到最大权重，每个 10 的幂占相同的颜色步长：小权重依然可见；0 仍为白色。</translation>
    </message>
    <message>
        <source>Colour &amp;Scale of Weights</source>
        <translation>权重的颜色刻度(&amp;S)</translation>
    </message>
    <message>
        <source>Each row from 0 to its own largest weight (the colour bar&apos;s ticks are percentages of it): where each query looks most, even when its weights are spread over many keys. Colours do not compare across rows; the numbers do.</source>
        <translation>每一行从 0 到该行自己的最大权重（色条的刻度是它的百分比）：即使权重分散在许多键上，也能看出每个查询最关注哪里。颜色不能跨行比较，数值可以。</translation>
    </message>
</context>
<context>
    <name>ae::ComputeService</name>
    <message>
        <source>not enough memory for this session: shorten the sentence or reduce num_heads or the dimensions</source>
        <translation>内存不足以计算此会话：请缩短句子，或减少 num_heads 或维度</translation>
    </message>
    <message>
        <source>the computation failed: %1</source>
        <translation>计算失败：%1</translation>
    </message>
</context>
<context>
    <name>ae::ControlPanel</name>
    <message>
        <source>&amp;Advanced</source>
        <translation>高级(&amp;A)</translation>
    </message>
    <message>
        <source>Computes the sentence&apos;s first tokens, as many as the model reads, as --truncate does (the session key truncate)</source>
        <translation>计算句子的前若干个 token（模型能读取的数量），与 --truncate 相同（会话键 truncate）</translation>
    </message>
    <message>
        <source>&amp;Keep the first %1 tokens</source>
        <translation>保留前 %1 个 token(&amp;K)</translation>
    </message>
</context>
<context>
    <name>ae::CurveChart</name>
    <message>
        <source>%1 at step %2: %3</source>
        <translation>%1，第 %2 步：%3</translation>
    </message>
</context>
<context>
    <name>ae::DropoutSeedEdit</name>
    <message>
        <source>Continue the stream (no seed)</source>
        <translation>延续随机数流（不设种子）</translation>
    </message>
</context>
<context>
    <name>ae::EmbeddingControls</name>
    <message>
        <source>Embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>torch (nn.Embedding)</source>
        <translation>torch（nn.Embedding）</translation>
    </message>
    <message>
        <source>Manual (typed)</source>
        <translation>手动（输入）</translation>
    </message>
    <message>
        <source>None (as the seeds)</source>
        <translation>无（与种子文档相同）</translation>
    </message>
    <message>
        <source>Learned (nn.Embedding)</source>
        <translation>学习得到（nn.Embedding）</translation>
    </message>
    <message>
        <source>Sinusoidal (fixed)</source>
        <translation>正弦（固定）</translation>
    </message>
    <message>
        <source>Em&amp;bedding</source>
        <translation>嵌入方式(&amp;B)</translation>
    </message>
    <message>
        <source>Where each token&apos;s vector comes from: &lt;code&gt;nn.Embedding(vocab_size, d_in)(token_ids)&lt;/code&gt; after &lt;code&gt;torch.manual_seed(embedding_seed)&lt;/code&gt;, or numbers you type (&lt;code&gt;inputs = torch.tensor([[0.43, 0.15, 0.89], ...])&lt;/code&gt;).</source>
        <translation>每个 token 的向量从何而来：在 &lt;code&gt;torch.manual_seed(embedding_seed)&lt;/code&gt; 之后由 &lt;code&gt;nn.Embedding(vocab_size, d_in)(token_ids)&lt;/code&gt; 得到，或是你输入的数字（&lt;code&gt;inputs = torch.tensor([[0.43, 0.15, 0.89], ...])&lt;/code&gt;）。</translation>
    </message>
    <message>
        <source>Embeddin&amp;g seed</source>
        <translation>嵌入种子(&amp;G)</translation>
    </message>
    <message>
        <source>&lt;code&gt;torch.manual_seed(embedding_seed)&lt;/code&gt; right before the embedding table is drawn.</source>
        <translation>在抽取嵌入表之前立即调用 &lt;code&gt;torch.manual_seed(embedding_seed)&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Vocabular&amp;y size</source>
        <translation>词表大小(&amp;Y)</translation>
    </message>
    <message>
        <source>Rows of &lt;code&gt;nn.Embedding(vocab_size, d_in)&lt;/code&gt;: the whole table is drawn, so a different size gives different vectors.</source>
        <translation>&lt;code&gt;nn.Embedding(vocab_size, d_in)&lt;/code&gt; 的行数：整张表都会被抽取，因此大小不同，向量也不同。</translation>
    </message>
    <message>
        <source>d_&amp;in</source>
        <translation>d_&amp;in</translation>
    </message>
    <message>
        <source>Length of each token&apos;s vector, the &lt;code&gt;d_in&lt;/code&gt; of &lt;code&gt;nn.Embedding(vocab_size, d_in)&lt;/code&gt;; with manual embeddings, the tables&apos; column count.</source>
        <translation>每个 token 向量的长度，即 &lt;code&gt;nn.Embedding(vocab_size, d_in)&lt;/code&gt; 中的 &lt;code&gt;d_in&lt;/code&gt;；手动嵌入时为表格的列数。</translation>
    </message>
    <message>
        <source>Position &amp;embedding</source>
        <translation>位置嵌入(&amp;E)</translation>
    </message>
    <message>
        <source>Added to each token&apos;s vector so that attention can tell positions apart: none (the seeds&apos; examples), a learned table &lt;code&gt;nn.Embedding(context_length, d_in)&lt;/code&gt; drawn right after the token table (the book&apos;s chapter 2), or the original Transformer&apos;s sines and cosines.</source>
        <translation>加到每个 token 的向量上，使注意力能够区分位置：无（种子文档的示例）、紧接在 token 嵌入表之后抽取的可学习表 &lt;code&gt;nn.Embedding(context_length, d_in)&lt;/code&gt;（本书第 2 章），或原始 Transformer 的正弦和余弦。</translation>
    </message>
    <message>
        <source>Conte&amp;xt length</source>
        <translation>上下文长度(&amp;X)</translation>
    </message>
    <message>
        <source>Rows of the learned position table &lt;code&gt;nn.Embedding(context_length, d_in)&lt;/code&gt;: at least the number of tokens; the whole table is drawn.</source>
        <translation>可学习位置表 &lt;code&gt;nn.Embedding(context_length, d_in)&lt;/code&gt; 的行数：不少于 token 数；整张表都会被抽取。</translation>
    </message>
    <message>
        <source>Manua&amp;l embeddings</source>
        <translation>手动嵌入(&amp;L)</translation>
    </message>
    <message>
        <source>A row of d_in numbers per token of the sentence: &lt;code&gt;inputs = torch.tensor([[...], ...])&lt;/code&gt;.</source>
        <translation>句子的每个 token 一行，每行 d_in 个数：&lt;code&gt;inputs = torch.tensor([[...], ...])&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>A row of d_in numbers per token of the source sentence (cross-attention): &lt;code&gt;source_inputs = torch.tensor([[...], ...])&lt;/code&gt;.</source>
        <translation>源句（交叉注意力）的每个 token 一行，每行 d_in 个数：&lt;code&gt;source_inputs = torch.tensor([[...], ...])&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Greyed out: typed-in embeddings draw nothing. Choose the torch embedding (or learned positions) to use it.</source>
        <translation>已禁用：手动输入的嵌入不抽取随机数。选择 torch 嵌入（或学习的位置嵌入）即可使用。</translation>
    </message>
    <message>
        <source>Greyed out: only a learned position table has rows to count. Choose learned positions to use it.</source>
        <translation>已禁用：只有学习的位置表才有行数可设。选择学习的位置嵌入即可使用。</translation>
    </message>
    <message>
        <source>Greyed out: typed-in embeddings need no table. Choose the torch embedding to use it.</source>
        <translation>已禁用：手动输入的嵌入不需要嵌入表。选择 torch 嵌入即可使用。</translation>
    </message>
</context>
<context>
    <name>ae::EmbeddingTableModel</name>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
</context>
<context>
    <name>ae::ExportDialog</name>
    <message>
        <source>CSV (the numbers)</source>
        <translation>CSV（数值）</translation>
    </message>
    <message>
        <source>Export Figures</source>
        <translation>导出图</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Formats:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>PNG &amp;scale:</source>
        <translation>PNG 缩放倍数(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
</context>
<context>
    <name>ae::FigurePage</name>
    <message>
        <source>&amp;Colour scale of the weights:</source>
        <translation>权重的颜色刻度(&amp;C)：</translation>
    </message>
</context>
<context>
    <name>ae::FlashPage</name>
    <message>
        <source>FlashAttention computes the same attention without ever writing the T×S scores to the GPU&apos;s large, slow memory: it takes a block of queries and walks over the keys a block at a time, keeping per row only the largest score so far (m) and the sum of the exponentials (ℓ). When a later tile holds a larger score, what was summed is rescaled by exp(m − m′). Tiles the mask hides entirely are skipped.</source>
        <translation>FlashAttention 计算同样的注意力，却从不把 T×S 的分数写入 GPU 又大又慢的显存：它取一块查询，逐块遍历键，每行只保留迄今最大的分数（m）和指数之和（ℓ）。当后面的块出现更大的分数时，已累加的部分乘以 exp(m − m′) 重新缩放。被掩码完全遮蔽的块会被跳过。</translation>
    </message>
    <message>
        <source>The standard kernel computes this session. Choose the kernel &quot;flash&quot; under &quot;Today&apos;s attention&quot; in the session panel to step through its tiles.</source>
        <translation>本会话由标准内核计算。在会话面板的“今日的注意力”下选择内核“flash”，即可逐块查看。</translation>
    </message>
    <message>
        <source>◀ Previous tile</source>
        <translation>◀ 上一块</translation>
    </message>
    <message>
        <source>The tile before ([)</source>
        <translation>上一块（[）</translation>
    </message>
    <message>
        <source>Tile</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Next tile ▶</source>
        <translation>下一块 ▶</translation>
    </message>
    <message>
        <source>The next tile (])</source>
        <translation>下一块（]）</translation>
    </message>
    <message>
        <source>The result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>After the last key block each row&apos;s O is divided by its ℓ. The sums ran in another order than the standard kernel&apos;s, so the two agree to float32 rounding, not bit for bit.</source>
        <translation>最后一个键块之后，每行的 O 除以它的 ℓ。求和顺序与标准内核不同，因此两者在 float32 舍入范围内一致，而不是逐位相同。</translation>
    </message>
    <message>
        <source>Memory traffic</source>
        <translation>内存传输量</translation>
    </message>
    <message>
        <source>Tile %1 of %2 is skipped: the mask hides every one of its cells from every row, so its keys and values are never read and m, ℓ and O stay as they were.</source>
        <translation>第 %1 块（共 %2 块）被跳过：掩码对每一行都遮蔽了它的所有单元，因此它的键和值从未被读取，m、ℓ 和 O 保持不变。</translation>
    </message>
    <message>
        <source>Tile %1 of %2: the block&apos;s %3 queries against %4 keys. S and P stay on the chip; only K_j and V_j are read from memory.</source>
        <translation>第 %1 块（共 %2 块）：该块的 %3 个查询对 %4 个键。S 和 P 留在芯片上；只有 K_j 和 V_j 从内存读取。</translation>
    </message>
    <message>
        <source>This session: T = %1, S = %2, d_k = %3, d_v = %4</source>
        <translation>本会话：T = %1，S = %2，d_k = %3，d_v = %4</translation>
    </message>
    <message>
        <source>A GPT-2 head: T = 1024, d = 64, causal</source>
        <translation>GPT-2 的一个头：T = 1024，d = 64，因果</translation>
    </message>
    <message>
        <source>A GPT-2 head with tiles that fill a GPU&apos;s on-chip memory</source>
        <translation>GPT-2 的一个头，分块大小填满 GPU 片上内存</translation>
    </message>
    <message>
        <source>standard kernel, floats</source>
        <translation>标准内核（浮点数）</translation>
    </message>
    <message>
        <source>tiled kernel, floats</source>
        <translation>分块内核（浮点数）</translation>
    </message>
    <message>
        <source>tiled / standard</source>
        <translation>分块 / 标准</translation>
    </message>
    <message>
        <source> (tiles %1×%2, %3 computed, %4 skipped)</source>
        <translation>（分块 %1×%2，计算 %3 块，跳过 %4 块）</translation>
    </message>
    <message>
        <source>Floats moved between the GPU&apos;s large memory and the chip for one head, as the FlashAttention paper counts them: the standard kernel writes S, reads it back, writes P and reads it again (4·T·S); the tiled kernel reads each query block once and, for every tile it computes, that tile&apos;s keys and values. Small tiles read the keys and values too often: the saving needs tiles as large as the chip&apos;s memory allows.</source>
        <translation>按 FlashAttention 论文的计数方法，一个头在 GPU 显存与芯片之间传输的浮点数：标准内核写出 S、再读回，写出 P、再读回（4·T·S）；分块内核每个查询块只读一次，并为它计算的每一块读取该块的键和值。分块太小会过于频繁地读取键和值：要节省传输，分块必须和芯片内存允许的一样大。</translation>
    </message>
    <message>
        <source>Flash</source>
        <translation>Flash 分块</translation>
    </message>
</context>
<context>
    <name>ae::GeneratePage</name>
    <message>
        <source>Stop at &lt;|endoftext|&gt;</source>
        <translation>遇到 &lt;|endoftext|&gt; 时停止</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>The model continues the sentence one token at a time. Each new token needs only its own query, key and value: the keys and values of the tokens before it are kept in a cache, so its attention is one row over every cached key. Temperature 0 takes the most probable token; above 0 a token is drawn at random (seeded), from the k most probable only with top-k.</source>
        <translation>模型一次一个词元地续写句子。每个新词元只需计算自己的查询、键和值：之前词元的键和值保存在缓存里，所以它的注意力是对所有缓存键的一行。温度为 0 时取概率最大的词元；大于 0 时随机抽取（带种子），使用 top-k 时只在概率最大的 k 个中抽取。</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>&amp;New tokens:</source>
        <translation>新词元数(&amp;N)：</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>温度(&amp;E)：</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-k(&amp;K)：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>%1 tokens. Key/value cache: 2·%2 layers·%3 tokens·%4 = %5 floats (%6 MB). The next token costs %7 multiply-adds with the cache, %8 computed from scratch (%9× as many).</source>
        <translation>%1 个词元。键/值缓存：2·%2 层·%3 个词元·%4 = %5 个浮点数（%6 MB）。下一个词元使用缓存需要 %7 次乘加，从头计算需要 %8 次（%9 倍）。</translation>
    </message>
    <message>
        <source> Last step: %1 ms.</source>
        <translation> 上一步：%1 ms。</translation>
    </message>
    <message>
        <source> Stopped: the tokens asked for are written.</source>
        <translation> 已停止：要求的词元已写完。</translation>
    </message>
    <message>
        <source> Stopped: the model wrote &lt;|endoftext|&gt;.</source>
        <translation> 已停止：模型写出了 &lt;|endoftext|&gt;。</translation>
    </message>
    <message>
        <source> Stopped: the context of %1 tokens is full.</source>
        <translation> 已停止：%1 个词元的上下文已满。</translation>
    </message>
    <message>
        <source> Stopped by you.</source>
        <translation> 已由你停止。</translation>
    </message>
    <message>
        <source>Token %1 was drawn from: %2</source>
        <translation>第 %1 个词元抽取自：%2</translation>
    </message>
    <message>
        <source>Where the newest token looks, in every layer (rows: heads)</source>
        <translation>最新词元在每一层看向哪里（行：头）</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
</context>
<context>
    <name>ae::HeadRolesPage</name>
    <message>
        <source>Leave out the first token</source>
        <translation>不计第一个词元</translation>
    </message>
    <message>
        <source>Leave out the token itself</source>
        <translation>不计词元自身</translation>
    </message>
    <message>
        <source>What does each head do? A detector compares a head&apos;s attention with a pattern: the previous token, an earlier copy of the same token, or the token after an earlier copy (an induction head, which lets a model continue a sequence it has seen before). A score near 1 means the head attends as the pattern says. Click a head to see its weights with the pattern framed.</source>
        <translation>每个头在做什么？检测器把一个头的注意力与一个模式比较：前一个词元、同一词元较早的一次出现，或较早出现之后的那个词元（归纳头，它让模型能续写见过的序列）。得分接近 1 表示这个头的注意力符合该模式。点击一个头，查看它的权重，模式单元会加框显示。</translation>
    </message>
    <message>
        <source>the sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>the induction probe</source>
        <translation>归纳探针</translation>
    </message>
    <message>
        <source>The induction probe: the first token, then random tokens r, then r again. In the second copy an induction head looks at the token that followed the same token in the first.</source>
        <translation>归纳探针：第一个词元，然后是随机词元 r，再重复一遍 r。在第二遍中，归纳头会看向第一遍里同一词元之后的那个词元。</translation>
    </message>
    <message>
        <source>share of attention on the pattern (mul)</source>
        <translation>注意力落在模式上的比例（mul）</translation>
    </message>
    <message>
        <source>closeness to the pattern (abs)</source>
        <translation>与模式的接近程度（abs）</translation>
    </message>
    <message>
        <source>exclude_bos: many heads park attention on the first token; leave that column out of the score</source>
        <translation>exclude_bos：许多头把注意力停放在第一个词元上；计分时不计这一列</translation>
    </message>
    <message>
        <source>exclude_current_token: leave the diagonal (a token attending to itself) out</source>
        <translation>exclude_current_token：不计对角线（词元关注自身）</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>名次</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>输入(&amp;I)：</translation>
    </message>
    <message>
        <source>probe &amp;seed:</source>
        <translation>探针种子(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;length:</source>
        <translation>长度(&amp;L)：</translation>
    </message>
    <message>
        <source>S&amp;core:</source>
        <translation>得分(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Ranked by:</source>
        <translation>排序依据(&amp;R)：</translation>
    </message>
    <message>
        <source>Scoring the heads: layer %1 of %2…</source>
        <translation>正在为头打分：第 %1 层，共 %2 层…</translation>
    </message>
    <message>
        <source>Scoring the heads…</source>
        <translation>正在为头打分…</translation>
    </message>
    <message>
        <source>A detector needs at least two tokens: type a longer sentence or choose the induction probe.</source>
        <translation>检测器至少需要两个词元：请输入更长的句子，或选择归纳探针。</translation>
    </message>
    <message>
        <source>The induction probe: %1 tokens (the first token, %2 random ones, the same again).</source>
        <translation>归纳探针：%1 个词元（第一个词元、%2 个随机词元，再重复一遍）。</translation>
    </message>
    <message>
        <source>The sentence: %1 tokens.</source>
        <translation>句子：%1 个词元。</translation>
    </message>
    <message>
        <source>layer %1 · head %2</source>
        <translation>第 %1 层 · 第 %2 个头</translation>
    </message>
    <message>
        <source>Head roles</source>
        <translation>头的分工</translation>
    </message>
</context>
<context>
    <name>ae::HeadViewPage</name>
    <message>
        <source>Where one token looks, head by head (BertViz&apos;s head view): each row is a head of the selected layer, each column a token the query may see; the darker the cell, the more of the query&apos;s attention that key gets (each head on its own scale). Heads rarely agree: one looks at the previous token, one at the first, one at a related word.</source>
        <translation>一个 token 看向哪里，逐个注意力头显示（BertViz 的 head view）：每一行是所选层的一个头，每一列是该查询可以看到的一个 token；格子越深，这个键得到的查询注意力越多（每个头有自己的刻度）。各个头很少一致：有的看前一个 token，有的看第一个，有的看相关的词。</translation>
    </message>
    <message>
        <source>&amp;Query token:</source>
        <translation>查询 token(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Keys:</source>
        <translation>键(&amp;K)：</translation>
    </message>
    <message>
        <source>the strongest of each head</source>
        <translation>每个头最强的键</translation>
    </message>
    <message>
        <source>every key</source>
        <translation>所有键</translation>
    </message>
    <message>
        <source>With many tokens, a row of every key has cells a pixel wide: the strongest keys of each head can be read</source>
        <translation>词元很多时，包含所有键的一行中每个单元格只有一个像素宽：每个头最强的键则可以看清</translation>
    </message>
    <message>
        <source>Token %1 may see %2 keys, too many to read side by side: shown are the %3 keys that some head weighs among its %4 strongest, in sentence order, each labelled with its position. &quot;head 3 · 82 %&quot; means these keys hold 82 % of head 3&apos;s attention; choose &quot;every key&quot; for all of them.</source>
        <translation>词元 %1 可以看到 %2 个键，太多而无法并排阅读：这里显示被某个头列为其最强 %4 个之一的 %3 个键，按句中顺序排列，每个都标有其位置。“头 3 · 82 %”表示这些键占头 3 注意力的 82 %；选择“所有键”可查看全部。</translation>
    </message>
    <message>
        <source>All %1 keys: at this size a cell is narrower than a pixel and the tokens cannot be labelled; zoom in (Ctrl+wheel) or choose &quot;the strongest of each head&quot;.</source>
        <translation>全部 %1 个键：在此尺寸下单元格窄于一个像素，无法标注词元；请放大（Ctrl+滚轮）或选择“每个头最强的键”。</translation>
    </message>
    <message>
        <source>Head view</source>
        <translation>头视图</translation>
    </message>
</context>
<context>
    <name>ae::HeatmapWidget</name>
    <message>
        <source>%1, %2, %3: %4</source>
        <extracomment>%1 the figure&apos;s title, %2 and %3 the row and the column (an axis title and a label), %4 the value</extracomment>
        <translation>%1，%2，%3：%4</translation>
    </message>
</context>
<context>
    <name>ae::InspectorPanel</name>
    <message>
        <source>Hover over a cell to see the arithmetic behind it; click to pin it and highlight its query and key in every view.</source>
        <translation>将鼠标悬停在单元格上，即可查看其背后的算式；单击可将其固定，并在所有视图中高亮它的查询和键。</translation>
    </message>
</context>
<context>
    <name>ae::MainWindow</name>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>Walkthrough</source>
        <translation>分步讲解</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Head </source>
        <translation>第 </translation>
    </message>
    <message>
        <source>Which head the pages show</source>
        <translation>页面显示哪个注意力头</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;New Session</source>
        <translation>新建会话(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open Sa&amp;mple</source>
        <translation>打开示例(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export This Page&apos;s Figures…</source>
        <translation>导出本页的图(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;All Figures…</source>
        <translation>导出全部图(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export Walkthrough &amp;Deck (PDF)…</source>
        <translation>导出分步讲解幻灯片(PDF)(&amp;D)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Copy Figure as Image</source>
        <translation>将图复制为图像(&amp;C)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Copy Figure &amp;Data (CSV)</source>
        <translation>复制图的数据(CSV)(&amp;D)</translation>
    </message>
    <message>
        <source>Ctrl+Alt+C</source>
        <translation>Ctrl+Alt+C</translation>
    </message>
    <message>
        <source>&amp;Unpin Cell</source>
        <translation>取消固定单元格(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Next Step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen with large fonts for a lecture hall (F5; Esc leaves)</source>
        <translation>全屏、大字号，适合在报告厅讲课（F5；Esc 退出）</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Attention Explorer</source>
        <translation>关于 Attention Explorer(&amp;A)</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation> 个头，共 %1 个</translation>
    </message>
    <message>
        <source>This session cannot be computed: %1
The pages still show the last session that could.</source>
        <translation>无法计算此会话：%1
页面仍显示上一个可以计算的会话。</translation>
    </message>
    <message>
        <source>This session cannot be computed: %1</source>
        <translation>无法计算此会话：%1</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Attention Explorer</source>
        <translation>Attention Explorer</translation>
    </message>
    <message>
        <source>Every figure of the session (%1)</source>
        <translation>会话的所有图（%1）</translation>
    </message>
    <message>
        <source>The figures of the page &quot;%1&quot; (%2)</source>
        <translation>页面“%1”中的图（%2）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Presentation &amp;Mode</source>
        <translation>演示模式(&amp;M)</translation>
    </message>
    <message>
        <source>Layer </source>
        <translation>层 </translation>
    </message>
    <message>
        <source>Which layer of the model the step pages show (Ctrl+L)</source>
        <translation>各步骤页面显示模型的哪一层（Ctrl+L）</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Choose &amp;Layer</source>
        <translation>选择层(&amp;L)</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Layer %1 does not exist: %2 has %3 layers; showing layer %4</source>
        <translation>第 %1 层不存在：%2 有 %3 层；显示第 %4 层</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>打开模型(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Training &amp;Lab…</source>
        <translation>训练实验室(&amp;L)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+T</source>
        <translation>Ctrl+Shift+T</translation>
    </message>
    <message>
        <source>Train the book&apos;s GPT model in the app and watch its heads form</source>
        <translation>在应用中训练书中的 GPT 模型，观察其注意力头如何形成</translation>
    </message>
</context>
<context>
    <name>ae::ManualEmbeddingEditor</name>
    <message>
        <source>+ d_in</source>
        <translation>+ d_in</translation>
    </message>
    <message>
        <source>Adds a column of zeros: d_in + 1.</source>
        <translation>添加一列零：d_in + 1。</translation>
    </message>
    <message>
        <source>− d_in</source>
        <translation>− d_in</translation>
    </message>
    <message>
        <source>Removes the current cell&apos;s column (else the last): d_in − 1.</source>
        <translation>删除当前单元格所在的列（否则删除最后一列）：d_in − 1。</translation>
    </message>
    <message>
        <source>&amp;Fill from torch</source>
        <translation>从 torch 填充(&amp;F)</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Pastes rows of numbers (separated by tabs, spaces or commas) at the current cell, as copied from a spreadsheet or a printed tensor. Also Ctrl+V.</source>
        <translation>在当前单元格处粘贴数字行（以制表符、空格或逗号分隔），例如从电子表格或打印出的张量中复制的内容。也可按 Ctrl+V。</translation>
    </message>
    <message>
        <source>Sentence (inputs)</source>
        <translation>句子（inputs）</translation>
    </message>
    <message>
        <source>Source (source_inputs)</source>
        <translation>源句（source_inputs）</translation>
    </message>
    <message>
        <source>%1 rows × %2 columns do not fit from row %3, column %4 of this %5 × %6 table: select the block&apos;s top-left cell first, or change d_in</source>
        <translation>%1 行 × %2 列从第 %3 行第 %4 列开始放不进这个 %5 × %6 的表格：请先选中该块左上角的单元格，或修改 d_in</translation>
    </message>
    <message>
        <source>Source embeddings</source>
        <translation>源句嵌入</translation>
    </message>
    <message>
        <source>Sentence embeddings</source>
        <translation>句子嵌入</translation>
    </message>
    <message>
        <source>Copies the torch embedding of these tokens (the last result with embedding “torch”) into the table, to start editing from it.</source>
        <translation>把这些 token 的 torch 嵌入（嵌入方式为“torch”的最近一次结果）复制到表格中，以便从它开始编辑。</translation>
    </message>
    <message>
        <source>Needs a result with embedding “torch” for these tokens: switch to torch, let it compute, then back to manual.</source>
        <translation>需要这些 token 在嵌入方式为“torch”时的结果：请切换到 torch，等它计算完成，再切换回手动。</translation>
    </message>
    <message>
        <source>One row per token, d_in numbers each: double-click or type to edit.</source>
        <translation>每个 token 一行，每行 d_in 个数：双击或直接输入即可编辑。</translation>
    </message>
    <message>
        <source>The torch embedding of the last result. Choose embedding “manual” to type your own.</source>
        <translation>最近一次结果的 torch 嵌入。选择嵌入方式“manual”即可输入你自己的数值。</translation>
    </message>
</context>
<context>
    <name>ae::MaskDropoutControls</name>
    <message>
        <source>Causal mask and dropout</source>
        <translation>因果掩码与 dropout</translation>
    </message>
    <message>
        <source>&amp;Causal: hide future tokens</source>
        <translation>因果(&amp;C)：遮住未来的 token</translation>
    </message>
    <message>
        <source>T&amp;raining mode: dropout acts</source>
        <translation>训练模式(&amp;R)：dropout 生效</translation>
    </message>
    <message>
        <source>−∞ before softmax</source>
        <translation>在 softmax 之前填入 −∞</translation>
    </message>
    <message>
        <source>softmax, zero, renormalise</source>
        <translation>softmax、置零、重新归一化</translation>
    </message>
    <message>
        <source>Each token attends only to itself and the tokens before it: &lt;code&gt;mask = torch.triu(torch.ones(T, T), diagonal=1)&lt;/code&gt;.</source>
        <translation>每个 token 只关注自身及其之前的 token：&lt;code&gt;mask = torch.triu(torch.ones(T, T), diagonal=1)&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>&amp;Mask method</source>
        <translation>掩码方法(&amp;M)</translation>
    </message>
    <message>
        <source>&lt;code&gt;attn_scores.masked_fill(mask.bool(), -torch.inf)&lt;/code&gt; before the softmax, or the softmax first, then &lt;code&gt;attn_weights * mask_simple&lt;/code&gt; and each row divided by its sum (the same weights).</source>
        <translation>在 softmax 之前执行 &lt;code&gt;attn_scores.masked_fill(mask.bool(), -torch.inf)&lt;/code&gt;；或者先做 softmax，再计算 &lt;code&gt;attn_weights * mask_simple&lt;/code&gt;，并将每一行除以其总和（得到相同的权重）。</translation>
    </message>
    <message>
        <source>Dropout &amp;p</source>
        <translation>Dropout &amp;p</translation>
    </message>
    <message>
        <source>Probability of zeroing each attention weight, &lt;code&gt;nn.Dropout(p)&lt;/code&gt;; the weights kept are scaled by 1 / (1 − p).</source>
        <translation>将每个注意力权重置零的概率，&lt;code&gt;nn.Dropout(p)&lt;/code&gt;；保留的权重乘以 1 / (1 − p)。</translation>
    </message>
    <message>
        <source>Dropout acts only in training: &lt;code&gt;module.train()&lt;/code&gt;; unticked is &lt;code&gt;module.eval()&lt;/code&gt;, where dropout passes the weights through.</source>
        <translation>Dropout 只在训练时生效：&lt;code&gt;module.train()&lt;/code&gt;；不勾选则为 &lt;code&gt;module.eval()&lt;/code&gt;，此时 dropout 让权重原样通过。</translation>
    </message>
    <message>
        <source>&amp;Dropout seed</source>
        <translation>Dropout 种子(&amp;D)</translation>
    </message>
    <message>
        <source>&lt;code&gt;torch.manual_seed(dropout_seed)&lt;/code&gt; right before dropout draws its mask, or no seed: the draws continue the random stream where the weights left it.</source>
        <translation>在 dropout 抽取掩码之前立即调用 &lt;code&gt;torch.manual_seed(dropout_seed)&lt;/code&gt;；或者不设种子：随机数从权重用完之处继续抽取。</translation>
    </message>
    <message>
        <source>With a source sentence the mask is torch.triu(torch.ones(T, S), diagonal=1): query i sees source tokens 0 to i, paired by position, not by meaning. A decoder masks its own sentence, not the source it reads, so this is rarely what a model does; it is computed as PyTorch would.</source>
        <translation>有源句时，掩码是 torch.triu(torch.ones(T, S), diagonal=1)：查询 i 只看到源句的第 0 到第 i 个 token，按位置而非按含义配对。解码器掩盖的是它自己的句子，而不是它读取的源句，所以模型很少这样做；这里按 PyTorch 的方式计算。</translation>
    </message>
    <message>
        <source>Greyed out: nothing is masked. Tick causal to use it.</source>
        <translation>已禁用：没有任何内容被掩码。勾选 causal 即可使用。</translation>
    </message>
    <message>
        <source>Greyed out: dropout acts only in training with p &gt; 0. Tick training and set dropout p to use it.</source>
        <translation>已禁用：Dropout 只在训练模式且 p &gt; 0 时起作用。勾选 training 并设置 Dropout p 即可使用。</translation>
    </message>
</context>
<context>
    <name>ae::ModelInfoBox</name>
    <message>
        <source>%1
%2
(not read yet)</source>
        <translation>%1
%2
（尚未读取）</translation>
    </message>
    <message>
        <source>%1
%2

n_layer = %3, n_head = %4, n_embd = %5
head_dim = %6, n_ctx = %7, vocab_size = %8
dtype: %9

The random module&apos;s keys do not apply: the weights are the checkpoint&apos;s.</source>
        <translation>%1
%2

n_layer = %3, n_head = %4, n_embd = %5
head_dim = %6, n_ctx = %7, vocab_size = %8
dtype：%9

随机模块的键不适用：权重来自检查点。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>n_kv_head = %1 (%2 query heads share each)</source>
        <translation>n_kv_head = %1（每个由 %2 个查询头共享）</translation>
    </message>
    <message>
        <source>RoPE, θ = %1, Llama 3 scaling ×%2</source>
        <translation>RoPE，θ = %1，Llama 3 缩放 ×%2</translation>
    </message>
    <message>
        <source>RoPE, θ = %1</source>
        <translation>RoPE，θ = %1</translation>
    </message>
    <message>
        <source>sliding window of %1 keys</source>
        <translation>%1 个键的滑动窗口</translation>
    </message>
</context>
<context>
    <name>ae::ModelViewPage</name>
    <message>
        <source>Every head of every layer at a glance (BertViz&apos;s model view): each thumbnail is a head&apos;s attention weights, queries down, keys across, each row on its own scale (darkest = where that query looks most). Heads that look at the previous token show a line under the diagonal, heads that look at the first token a dark first column. Click a thumbnail (or use the arrow keys and Enter) to open it in the step pages.</source>
        <translation>一眼看遍每一层的每一个头（BertViz 的 model view）：每个缩略图是一个头的注意力权重，纵向为查询，横向为键，每一行有自己的刻度（最深处 = 该查询最关注的位置）。关注前一个 token 的头在对角线下方显示一条线，关注第一个 token 的头显示深色的第一列。点击缩略图（或用方向键和回车）即可在各步骤页面中打开它。</translation>
    </message>
    <message>
        <source>Computing the thumbnails of %1 heads…</source>
        <translation>正在计算 %1 个头的缩略图…</translation>
    </message>
    <message>
        <source>%1 layers × %2 heads, %3 tokens (thumbnails in %4 ms).</source>
        <translation>%1 层 × %2 个头，%3 个 token（缩略图用时 %4 毫秒）。</translation>
    </message>
    <message>
        <source>Model view</source>
        <translation>模型视图</translation>
    </message>
</context>
<context>
    <name>ae::NextTokensPage</name>
    <message>
        <source>What the model predicts after the last token: its final hidden state, after every layer&apos;s attention and MLP and the final LayerNorm, times the token embedding table gives one logit per token of the vocabulary; softmax turns them into probabilities. These are the ten most likely (␣ is a space).</source>
        <translation>模型在最后一个 token 之后预测什么：它的最终隐藏状态（经过每一层的注意力和 MLP 以及最后的 LayerNorm）乘以 token 嵌入表，为词表中的每个 token 得到一个 logit；softmax 把它们变成概率。这里列出最可能的十个（␣ 表示空格）。</translation>
    </message>
    <message>
        <source>softmax(logits / temperature): below 1 the most likely token takes more, above 1 the probabilities even out</source>
        <translation>softmax(logits / temperature)：小于 1 时最可能的 token 占得更多，大于 1 时各概率趋于平均</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>After &quot;%1&quot; (token %2 of %3):</source>
        <translation>在“%1”之后（第 %2 个 token，共 %3 个）：</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
</context>
<context>
    <name>ae::ScalingChartWidget</name>
    <message>
        <source>Softmax with and without the scaling by √d_k</source>
        <translation>按 √d_k 缩放与不缩放时的 softmax</translation>
    </message>
</context>
<context>
    <name>ae::SentenceControls</name>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Empty: self-attention. Type here for cross-attention.</source>
        <translation>留空：自注意力。在此输入即为交叉注意力。</translation>
    </message>
    <message>
        <source>&amp;Sentence</source>
        <translation>句子(&amp;S)</translation>
    </message>
    <message>
        <source>The text whose tokens ask the queries (and, without a source sentence, also give the keys and values): &lt;code&gt;inputs = embedding(tokenize(sentence))&lt;/code&gt;.</source>
        <translation>其 token 提出查询的文本（没有源句时，也提供键和值）：&lt;code&gt;inputs = embedding(tokenize(sentence))&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>S&amp;ource sentence</source>
        <translation>源句(&amp;O)</translation>
    </message>
    <message>
        <source>Cross-attention: keys and values come from this sentence&apos;s tokens, queries from the sentence: &lt;code&gt;keys = source_inputs @ W_key&lt;/code&gt;. Leave it empty for self-attention.</source>
        <translation>交叉注意力：键和值来自这个句子的 token，查询来自句子：&lt;code&gt;keys = source_inputs @ W_key&lt;/code&gt;。留空即为自注意力。</translation>
    </message>
    <message>
        <source>Tokeni&amp;zer</source>
        <translation>分词器(&amp;Z)</translation>
    </message>
    <message>
        <source>Both sentences share one vocabulary: the source sentence&apos;s words join it and every id is renumbered in sorted order, so the sentence&apos;s own embeddings change too as you type here (nn.Embedding picks its rows by id).</source>
        <translation>两个句子共用一个词表：源句的词会加入词表，所有 id 按排序重新编号，因此在这里输入时，句子自身的嵌入也会改变（nn.Embedding 按 id 选取行）。</translation>
    </message>
    <message>
        <source>How text becomes tokens: punctuation becomes a space, then &lt;code&gt;text.split()&lt;/code&gt;; the CJK choice also makes each Chinese or Japanese ideograph a token of its own. GPT-2&apos;s byte-pair encoding is &lt;code&gt;tiktoken.get_encoding(&quot;gpt2&quot;)&lt;/code&gt;: 50,257 fixed tokens, nothing dropped (its embedding table needs vocab_size 50257).</source>
        <translation>文本如何变成 token：标点变为空格，然后执行 &lt;code&gt;text.split()&lt;/code&gt;；选择 CJK 时，每个汉字或日文汉字也各自成为一个 token。GPT-2 的字节对编码即 &lt;code&gt;tiktoken.get_encoding(&quot;gpt2&quot;)&lt;/code&gt;：50,257 个固定 token，什么都不丢弃（其嵌入表需要 vocab_size 50257）。</translation>
    </message>
    <message>
        <source>Not pasted: the text would have %1 characters; a sentence may have at most %2.</source>
        <translation>未粘贴：文本将有 %1 个字符；句子最多 %2 个字符。</translation>
    </message>
    <message>
        <source>Greyed out: the model reads one sentence with its own tokenizer.</source>
        <translation>已停用：模型用它自己的分词器读取一个句子。</translation>
    </message>
    <message>
        <source>The model&apos;s own</source>
        <translation>模型自带</translation>
    </message>
</context>
<context>
    <name>ae::SessionActions</name>
    <message>
        <source>Cannot Open Session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>an untitled session</source>
        <translation>一个未命名的会话</translation>
    </message>
    <message>
        <source>Restore Session</source>
        <translation>恢复会话</translation>
    </message>
    <message>
        <source>Attention Explorer did not close normally while you were editing %1. Restore it as it was?</source>
        <translation>您在编辑%1时，Attention Explorer 未正常关闭。要将它恢复到当时的状态吗？</translation>
    </message>
    <message>
        <source>Cannot Open Sample</source>
        <translation>无法打开示例</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Sessions (*.json);;All files (*)</source>
        <translation>会话 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot Save Session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>The session is still open: nothing is lost.</source>
        <translation>会话仍处于打开状态：没有任何内容丢失。</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Sessions (*.json)</source>
        <translation>会话 (*.json)</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The session has changes that are not saved. Save them first?</source>
        <translation>会话有尚未保存的更改。要先保存吗？</translation>
    </message>
    <message>
        <source>Unsaved session %1 of %2.</source>
        <translation>未保存的会话，第 %1 个，共 %2 个。</translation>
    </message>
    <message>
        <source>Keep for Later</source>
        <translation>留待以后</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>It will be offered again at the next start.</source>
        <translation>下次启动时会再次提供它。</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Models (*.safetensors *.pth config.json);;All files (*)</source>
        <translation>模型 (*.safetensors *.pth config.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ae::SessionAutosave</name>
    <message>
        <source>cannot write the autosave folder %1: edits are not kept if the app stops unexpectedly</source>
        <translation>无法写入自动保存文件夹 %1：如果应用意外退出，编辑内容将不会保留</translation>
    </message>
    <message>
        <source>autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
</context>
<context>
    <name>ae::ThumbnailGrid</name>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>Layer %1, head %2: click to open its attention weights</source>
        <translation>第 %1 层，第 %2 个头：点击打开其注意力权重</translation>
    </message>
</context>
<context>
    <name>ae::TodaysAttentionControls</name>
    <message>
        <source>Today&apos;s attention</source>
        <translation>当今的注意力</translation>
    </message>
    <message>
        <source>RoPE: rotate queries and keys by position</source>
        <translation>RoPE：按位置旋转查询和键</translation>
    </message>
    <message>
        <source>one per head</source>
        <translation>每个头一个</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>rotate half (Hugging Face)</source>
        <translation>前后半旋转（Hugging Face）</translation>
    </message>
    <message>
        <source>interleaved pairs (Meta)</source>
        <translation>交错维度对（Meta）</translation>
    </message>
    <message>
        <source>standard: whole rows</source>
        <translation>标准：整行计算</translation>
    </message>
    <message>
        <source>FlashAttention-2: tile by tile</source>
        <translation>FlashAttention-2：逐块计算</translation>
    </message>
    <message>
        <source>Rotary position embeddings (Llama, Mistral): after the projections each pair of a head&apos;s query and key dimensions is rotated by an angle that grows with the position, so a score depends on how far apart two tokens are.</source>
        <translation>旋转位置编码（Llama、Mistral）：投影之后，每个头的查询和键的每一对维度旋转一个随位置增长的角度，因此分数取决于两个词元相距多远。</translation>
    </message>
    <message>
        <source>RoPE pairs</source>
        <translation>RoPE 维度对</translation>
    </message>
    <message>
        <source>Which dimensions form a pair: i and i + head_dim/2 (&lt;code&gt;rotate_half&lt;/code&gt;, Hugging Face&apos;s Llama, GPT-NeoX) or 2i and 2i + 1 (Meta&apos;s Llama, GPT-J).</source>
        <translation>哪些维度组成一对：i 与 i + head_dim/2（&lt;code&gt;rotate_half&lt;/code&gt;，Hugging Face 的 Llama、GPT-NeoX），或 2i 与 2i + 1（Meta 的 Llama、GPT-J）。</translation>
    </message>
    <message>
        <source>RoPE theta</source>
        <translation>RoPE 底数 theta</translation>
    </message>
    <message>
        <source>The base of the rotation frequencies: &lt;code&gt;inv_freq = 1 / theta ** (arange(0, h, 2) / h)&lt;/code&gt; (10000 in Llama 2, 500000 in Llama 3).</source>
        <translation>旋转频率的底数：&lt;code&gt;inv_freq = 1 / theta ** (arange(0, h, 2) / h)&lt;/code&gt;（Llama 2 为 10000，Llama 3 为 500000）。</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>键/值头数</translation>
    </message>
    <message>
        <source>Grouped-query attention (multihead only): W_key and W_value project to this many heads, each shared by num_heads / num_kv_heads query heads (&lt;code&gt;repeat_interleave&lt;/code&gt;); 1 is multi-query attention.</source>
        <translation>分组查询注意力（仅 multihead）：W_key 和 W_value 投影到这么多个头，每个由 num_heads / num_kv_heads 个查询头共享（&lt;code&gt;repeat_interleave&lt;/code&gt;）；1 即多查询注意力。</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>Each query sees at most this many keys around it: with causal the W most recent, itself included (Mistral); without, those less than W positions away.</source>
        <translation>每个查询最多看到其周围这么多个键：因果时为最近的 W 个（含自身，Mistral）；非因果时为距离小于 W 的键。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>计算核</translation>
    </message>
    <message>
        <source>How the same attention is computed: whole rows of scores and weights, or FlashAttention-2&apos;s tiles with a running maximum and sum per row (equal to float32 rounding).</source>
        <translation>同一注意力的计算方式：整行计算分数和权重，或 FlashAttention-2 的分块计算，每行维护滚动最大值和总和（在 float32 舍入内相等）。</translation>
    </message>
    <message>
        <source>Query block</source>
        <translation>查询块</translation>
    </message>
    <message>
        <source>FlashAttention: the rows of a query block (B_r).</source>
        <translation>FlashAttention：查询块的行数（B_r）。</translation>
    </message>
    <message>
        <source>Key block</source>
        <translation>键块</translation>
    </message>
    <message>
        <source>FlashAttention: the columns of a key block (B_c).</source>
        <translation>FlashAttention：键块的列数（B_c）。</translation>
    </message>
    <message>
        <source>Greyed out: RoPE is off. Tick RoPE to use it.</source>
        <translation>已灰显：RoPE 未开启。勾选 RoPE 即可使用。</translation>
    </message>
    <message>
        <source>Greyed out: RoPE rotates the queries and keys of self-attention with weights (not simplified attention, not cross-attention).</source>
        <translation>已灰显：RoPE 旋转带权重的自注意力的查询和键（不适用于简化注意力和交叉注意力）。</translation>
    </message>
    <message>
        <source>Greyed out: grouped key/value heads belong to the efficient multi-head class. Choose the variant multihead to use them.</source>
        <translation>已灰显：分组的键/值头属于高效的多头类。选择变体 multihead 即可使用。</translation>
    </message>
    <message>
        <source>Greyed out: the standard kernel has no tiles. Choose the FlashAttention kernel to use it.</source>
        <translation>已灰显：标准计算核没有分块。选择 FlashAttention 计算核即可使用。</translation>
    </message>
</context>
<context>
    <name>ae::TokenSpansView</name>
    <message>
        <source>Tokens over the text</source>
        <translation>文本上的 token</translation>
    </message>
    <message>
        <source>Byte-pair merges of the chosen token</source>
        <translation>所选 token 的字节对合并</translation>
    </message>
    <message>
        <source>%1: %2 tokens for %3 words / %4 bytes</source>
        <extracomment>%1 which text (sentence, source), %2 tokens, %3 white-space separated words, %4 UTF-8 bytes</extracomment>
        <translation>%1：%2 个 token，对应 %3 个词 / %4 字节</translation>
    </message>
    <message>
        <source>Click a token (or its row) to see how byte-pair encoding built it.</source>
        <translation>点击一个 token（或它所在的行）查看字节对编码如何构成它。</translation>
    </message>
</context>
<context>
    <name>ae::TokensPage</name>
    <message>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Token id</source>
        <translation>Token ID</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>%1 tokens, %2 distinct; tokenizer &quot;%3&quot;.</source>
        <translation>%1 个 token，其中 %2 个不同；分词器“%3”。</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>source</source>
        <translation>源句</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
</context>
<context>
    <name>ae::TrainingForm</name>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Induction: rows of a random sequence repeated (the period varies); only a head that finds the earlier occurrence of the current token and copies what followed it can predict them. Text: the book&apos;s chapter 5.</source>
        <translation>归纳：每行是一个随机序列的重复（周期各不相同）；只有能找到当前词元先前出现的位置并复制其后词元的注意力头才能预测它们。文本：书中第 5 章的任务。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Token ids 0 … V−1 of the random sequences</source>
        <translation>随机序列的词元编号 0 … V−1</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>The shortest period drawn</source>
        <translation>抽取的最短周期</translation>
    </message>
    <message>
        <source>The longest period drawn (at most context − 1)</source>
        <translation>抽取的最长周期（至多为上下文长度 − 1）</translation>
    </message>
    <message>
        <source>Periods</source>
        <translation>周期</translation>
    </message>
    <message>
        <source>Open Text File…</source>
        <translation>打开文本文件…</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>GPT-2 tokens</source>
        <translation>GPT-2 词元</translation>
    </message>
    <message>
        <source>Characters: the text&apos;s distinct characters are the vocabulary. GPT-2 tokens: 50,257 of them, a much larger output layer.</source>
        <translation>字符：文本中互不相同的字符构成词表。GPT-2 词元：共 50,257 个，输出层大得多。</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Tokens per training window</source>
        <translation>每个训练窗口的词元数</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Tokens between the starts of two windows</source>
        <translation>相邻两个窗口起点之间的词元数</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步幅</translation>
    </message>
    <message>
        <source>Model (the book&apos;s GPTModel)</source>
        <translation>模型（书中的 GPTModel）</translation>
    </message>
    <message>
        <source>Transformer blocks</source>
        <translation>Transformer 块数</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Attention heads per block; they must divide the width</source>
        <translation>每个块的注意力头数；必须整除宽度</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>d: the width of the embeddings and the residual stream</source>
        <translation>d：嵌入和残差流的宽度</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>The longest sequence: rows of the position embeddings</source>
        <translation>最长序列：位置嵌入的行数</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Feed-forward half</source>
        <translation>前馈部分</translation>
    </message>
    <message>
        <source>Off: attention-only blocks, as in the induction-head papers</source>
        <translation>关闭：只有注意力的块，如归纳头论文中那样</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>Dropout while training (not in evaluation)</source>
        <translation>训练时的 dropout（评估时不用）</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>W_query, W_key, W_value</source>
        <translation>W_query、W_key、W_value</translation>
    </message>
    <message>
        <source>Biases in the query, key and value projections</source>
        <translation>查询、键和值投影中的偏置</translation>
    </message>
    <message>
        <source>QKV bias</source>
        <translation>QKV 偏置</translation>
    </message>
    <message>
        <source>Training (AdamW)</source>
        <translation>训练（AdamW）</translation>
    </message>
    <message>
        <source>Sequences per step</source>
        <translation>每步的序列数</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Optimiser steps in all</source>
        <translation>优化器总步数</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>AdamW&apos;s learning rate</source>
        <translation>AdamW 的学习率</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>AdamW&apos;s decoupled weight decay</source>
        <translation>AdamW 的解耦权重衰减</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>clip_grad_norm_&apos;s max_norm</source>
        <translation>clip_grad_norm_ 的 max_norm</translation>
    </message>
    <message>
        <source>Clip gradients</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <source>Steps between two looks at the probe</source>
        <translation>两次查看探针之间的步数</translation>
    </message>
    <message>
        <source>Evaluate every</source>
        <translation>评估间隔</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>torch.manual_seed before the weights are drawn</source>
        <translation>抽取权重之前的 torch.manual_seed</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>The generator of the batches</source>
        <translation>批次的随机数生成器</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>The generator of the induction probe</source>
        <translation>归纳探针的随机数生成器</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探针</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 (%2 characters)</source>
        <translation>%1（%2 个字符）</translation>
    </message>
</context>
<context>
    <name>ae::TrainingWindow</name>
    <message>
        <source>Training Lab — Attention Explorer</source>
        <translation>训练实验室 — 注意力探索器</translation>
    </message>
    <message>
        <source>Training session</source>
        <translation>训练会话</translation>
    </message>
    <message>
        <source>Loss (cross-entropy, nats)</source>
        <translation>损失（交叉熵，奈特）</translation>
    </message>
    <message>
        <source>Previous-token score of each head</source>
        <translation>每个头的前一词元得分</translation>
    </message>
    <message>
        <source>Induction score of each head</source>
        <translation>每个头的归纳得分</translation>
    </message>
    <message>
        <source>Replay: the attention and scores at each recorded step (at the right end the view follows the training)</source>
        <translation>回放：每个记录步的注意力和得分（滑块在最右端时视图跟随训练）</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Replay:</source>
        <translation>回放：</translation>
    </message>
    <message>
        <source>Every layer × head on the probe: click one to see it whole.</source>
        <translation>探针上的每一层 × 每个头：点击一个以查看完整图。</translation>
    </message>
    <message>
        <source>Attention on the probe</source>
        <translation>探针上的注意力</translation>
    </message>
    <message>
        <source>Head scores</source>
        <translation>注意力头得分</translation>
    </message>
    <message>
        <source>%v / %m steps</source>
        <translation>%v / %m 步</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Training stopped: %1</source>
        <translation>训练已停止：%1</translation>
    </message>
    <message>
        <source>Cannot Save Checkpoint</source>
        <translation>无法保存检查点</translation>
    </message>
    <message>
        <source>Saved the checkpoint in %1</source>
        <translation>检查点已保存到 %1</translation>
    </message>
    <message>
        <source>The session changed: Reset (Ctrl+R) to train with the new values</source>
        <translation>会话已更改：按重置（Ctrl+R）以新的值训练</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>&amp;Open Training Session…</source>
        <translation>打开训练会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open Training Session</source>
        <translation>打开训练会话</translation>
    </message>
    <message>
        <source>Training sessions (*.json)</source>
        <translation>训练会话 (*.json)</translation>
    </message>
    <message>
        <source>Open &amp;Sample</source>
        <translation>打开示例(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Induction heads (attention-only, 2 layers)</source>
        <translation>归纳头（只有注意力，2 层）(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Text: a nursery rhyme, characters</source>
        <translation>文本：一首童谣，按字符(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Resume From Checkpoint…</source>
        <translation>从检查点继续(&amp;R)…</translation>
    </message>
    <message>
        <source>Save &amp;Checkpoint…</source>
        <translation>保存检查点(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Export Figures…</source>
        <translation>导出图(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Open in &amp;Explorer</source>
        <translation>在探索器中打开(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Opens the trained model in the main window: every page, the head analysis and generation</source>
        <translation>在主窗口中打开训练好的模型：所有页面、注意力头分析和生成</translation>
    </message>
    <message>
        <source>This session cannot be trained: %1</source>
        <translation>此会话无法训练：%1</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source> · loss %1</source>
        <translation> · 损失 %1</translation>
    </message>
    <message>
        <source> · validation %1</source>
        <translation> · 验证 %1</translation>
    </message>
    <message>
        <source> · %1 steps/s · %2:%3 left</source>
        <translation> · 每秒 %1 步 · 剩余 %2:%3</translation>
    </message>
    <message>
        <source> · finished</source>
        <translation> · 已完成</translation>
    </message>
    <message>
        <source> · paused (F5 trains)</source>
        <translation> · 已暂停（按 F5 训练）</translation>
    </message>
    <message>
        <source>Open Text File</source>
        <translation>打开文本文件</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>文本文件 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot Open Text</source>
        <translation>无法打开文本</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot Open Training Session</source>
        <translation>无法打开训练会话</translation>
    </message>
    <message>
        <source>%1:
%2</source>
        <translation>%1：
%2</translation>
    </message>
    <message>
        <source>Save Checkpoint Into</source>
        <translation>将检查点保存到</translation>
    </message>
    <message>
        <source>Resume From Checkpoint</source>
        <translation>从检查点继续</translation>
    </message>
    <message>
        <source>Book checkpoints (*.safetensors *.pth config.json);;All files (*)</source>
        <translation>书中的检查点 (*.safetensors *.pth config.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot Resume</source>
        <translation>无法继续</translation>
    </message>
    <message>
        <source>Resuming from %1</source>
        <translation>从 %1 继续训练</translation>
    </message>
    <message>
        <source>the probe&apos;s attention and the head scores at step %1</source>
        <translation>第 %1 步时探针上的注意力和注意力头得分</translation>
    </message>
    <message>
        <source>A text task writes here at each evaluation point: the probe&apos;s first tokens (grey), then the model&apos;s most probable next tokens, one after another.</source>
        <translation>文本任务在每个评估点把文字写在这里：先是探针的前几个词元（灰色），然后是模型逐个给出的最可能的下一个词元。</translation>
    </message>
    <message>
        <source>Sample text</source>
        <translation>样例文本</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt;: &lt;span style=&quot;color:gray&quot;&gt;%2&lt;/span&gt;%3</source>
        <translation>&lt;b&gt;第 %1 步&lt;/b&gt;：&lt;span style=&quot;color:gray&quot;&gt;%2&lt;/span&gt;%3</translation>
    </message>
    <message>
        <source>Replace Checkpoint?</source>
        <translation>替换检查点？</translation>
    </message>
    <message>
        <source>%1 already has %2. Replace with the model trained here?</source>
        <translation>%1 中已有 %2。要用这里训练的模型替换吗？</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
</context>
<context>
    <name>ae::TrainingWorker</name>
    <message>
        <source>not enough memory for this model: make it smaller</source>
        <translation>内存不足以容纳此模型：请把它变小</translation>
    </message>
    <message>
        <source>nothing is trained yet</source>
        <translation>尚未训练任何内容</translation>
    </message>
</context>
<context>
    <name>ae::UserGuideDialog</name>
    <message>
        <source>Attention Explorer User Guide</source>
        <translation>Attention Explorer 用户指南</translation>
    </message>
</context>
<context>
    <name>ae::WalkthroughPanel</name>
    <message>
        <source>Previous</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Query token:</source>
        <translation>查询 token：</translation>
    </message>
    <message>
        <source>Show softmax with and without the scaling as d_k grows</source>
        <translation>显示随着 d_k 增大，缩放与不缩放时的 softmax</translation>
    </message>
    <message>
        <source>Previous step (Left, Page Up)</source>
        <translation>上一步（Left、Page Up）</translation>
    </message>
    <message>
        <source>Next step (Right, Space, Page Down)</source>
        <translation>下一步（Right、Space、Page Down）</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Go to a step</source>
        <translation>跳转到某一步</translation>
    </message>
    <message>
        <source>The token whose query the formulas follow (the seeds use the second, x(2))</source>
        <translation>公式所跟随的查询 token（种子文档使用第二个，x(2)）</translation>
    </message>
    <message>
        <source>The pages still show the previous session while this step&apos;s session is computed.</source>
        <translation>计算此步骤的会话时，页面仍显示上一个会话。</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Next Step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Previous Step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>First Step</source>
        <translation>第一步</translation>
    </message>
    <message>
        <source>Last Step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Waiting for the first computation…</source>
        <translation>正在等待第一次计算…</translation>
    </message>
    <message>
        <source>Back to My Session</source>
        <translation>回到我的会话</translation>
    </message>
    <message>
        <source>Leave the walkthrough and get back the session you had before it</source>
        <translation>离开分步讲解，取回讲解开始前的会话</translation>
    </message>
    <message>
        <source>Open the Training Lab</source>
        <translation>打开训练实验室</translation>
    </message>
    <message>
        <source>Train a small model in the app and watch its heads form (Tools &gt; Training Lab, Ctrl+Shift+T)</source>
        <translation>在应用中训练一个小模型，观察其注意力头如何形成（工具 &gt; 训练实验室，Ctrl+Shift+T）</translation>
    </message>
</context>
<context>
    <name>ae::ZoomIndicator</name>
    <message>
        <source>Zoomed in: click (or press Ctrl+0, or double-click the cells) to see the whole matrix again. Ctrl+wheel, a pinch or the + and − keys zoom.</source>
        <translation>已放大：点击此处（或按 Ctrl+0，或双击单元格）可重新查看整个矩阵。Ctrl+滚轮、双指捏合或 + 和 − 键可缩放。</translation>
    </message>
    <message>
        <source>%1 % · Reset</source>
        <translation>%1 % · 复原</translation>
    </message>
</context>
<context>
    <name>ae::formula</name>
    <message>
        <source>   (head 1 of %1)</source>
        <translation>   （第 1 个头，共 %1 个）</translation>
    </message>
    <message numerus="yes">
        <source> + … (%n terms)</source>
        <translation>
            <numerusform> + …（共 %n 项）</numerusform>
        </translation>
    </message>
</context>
</TS>
