<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MainActions</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation>打开数据库(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a SQLite database (read-only)</source>
        <translation>打开 SQLite 数据库（只读）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Demo Database</source>
        <translation>打开演示数据库(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Close Database</source>
        <translation>关闭数据库(&amp;C)</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>清除最近文件</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>查询(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the selection, the statement under the cursor, or everything (Ctrl+Enter)</source>
        <translation>运行所选内容、光标所在语句或全部内容（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel the running query (Esc)</source>
        <translation>取消正在运行的查询（Esc）</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About HalluSQL</source>
        <translation>关于 HalluSQL(&amp;A)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
</context>
<context>
    <name>hs::ui::DatabaseController</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is a folder, not a database file.</source>
        <translation>这是一个文件夹，不是数据库文件。</translation>
    </message>
    <message>
        <source>The file cannot be read (permission denied).</source>
        <translation>无法读取该文件（权限被拒绝）。</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>Another job is still running; try again when it has finished.</source>
        <translation>另一项任务仍在运行；请在其完成后重试。</translation>
    </message>
</context>
<context>
    <name>hs::ui::DemoLoader</name>
    <message>
        <source>%1 (in %2)</source>
        <translation>%1（位于 %2）</translation>
    </message>
</context>
<context>
    <name>hs::ui::EndpointHelp</name>
    <message>
        <source>To use a local model with Ollama: install Ollama, run &quot;ollama pull qwen2.5-coder:7b&quot; and &quot;ollama serve&quot;, then open Settings &gt; LLM endpoints and set the base URL to http://127.0.0.1:11434/v1 and the model to qwen2.5-coder:7b. llama.cpp&apos;s server, vLLM, LM Studio and hosted OpenAI-compatible APIs work the same way. Everything that does not need a model keeps working meanwhile.</source>
        <translation>要使用 Ollama 的本地模型：安装 Ollama，运行 &quot;ollama pull qwen2.5-coder:7b&quot; 和 &quot;ollama serve&quot;，然后打开 设置 &gt; LLM 端点，将基础 URL 设为 http://127.0.0.1:11434/v1，模型设为 qwen2.5-coder:7b。llama.cpp 服务器、vLLM、LM Studio 以及托管的 OpenAI 兼容 API 的用法相同。在此期间，所有不需要模型的功能照常可用。</translation>
    </message>
    <message>
        <source>No LLM endpoint answered at %1.</source>
        <translation>%1 处没有 LLM 端点响应。</translation>
    </message>
    <message>
        <source>The endpoint %1 refused the API key. Check the key source of the profile in Settings &gt; LLM endpoints (an environment variable, or the system keychain).</source>
        <translation>端点 %1 拒绝了 API 密钥。请在 设置 &gt; LLM 端点 中检查该配置的密钥来源（环境变量或系统钥匙串）。</translation>
    </message>
    <message>
        <source>The profile expects an API key but none is set: %1</source>
        <translation>该配置需要 API 密钥，但尚未设置：%1</translation>
    </message>
    <message>
        <source>The endpoint %1 does not know the model &quot;%2&quot;. Pick a model it serves (for Ollama: &quot;ollama list&quot;) in Settings &gt; LLM endpoints.</source>
        <translation>端点 %1 不认识模型 &quot;%2&quot;。请在 设置 &gt; LLM 端点 中选择它提供的模型（Ollama 可用 &quot;ollama list&quot; 查看）。</translation>
    </message>
    <message>
        <source>The endpoint is rate limiting requests; HalluSQL retried and gave up. Try again in a minute or lower the concurrency of the profile.</source>
        <translation>端点正在限制请求速率；HalluSQL 已重试并放弃。请一分钟后再试，或降低该配置的并发数。</translation>
    </message>
    <message>
        <source>Offline mode: this request is not in the cache (%1).</source>
        <translation>离线模式：缓存中没有此请求（%1）。</translation>
    </message>
    <message>
        <source>The model answered, but its answer holds no SELECT statement. See the LLM log for what it said.</source>
        <translation>模型已回答，但回答中没有 SELECT 语句。请在 LLM 日志中查看它的回答。</translation>
    </message>
    <message>
        <source>The LLM profile is incomplete: set a base URL and a model in Settings &gt; LLM endpoints.</source>
        <translation>LLM 配置不完整：请在 设置 &gt; LLM 端点 中设置基础 URL 和模型。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The LLM call failed: %1</source>
        <translation>LLM 调用失败：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
</context>
<context>
    <name>hs::ui::GenerationController</name>
    <message>
        <source>The API key could not be read from the system keychain: %1</source>
        <translation>无法从系统钥匙串读取 API 密钥：%1</translation>
    </message>
    <message>
        <source>The text-to-SQL prompt template is invalid: %1</source>
        <translation>文本转 SQL 提示模板无效：%1</translation>
    </message>
    <message>
        <source>Cannot open the database: %1</source>
        <translation>无法打开数据库：%1</translation>
    </message>
    <message>
        <source>Reading the schema</source>
        <translation>正在读取数据库结构</translation>
    </message>
    <message>
        <source>Cannot read the schema: %1</source>
        <translation>无法读取数据库结构：%1</translation>
    </message>
    <message>
        <source>Cannot build the prompt: %1</source>
        <translation>无法构建提示：%1</translation>
    </message>
    <message>
        <source>Waiting for the model</source>
        <translation>正在等待模型</translation>
    </message>
    <message>
        <source>generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Checking the SQL</source>
        <translation>正在检查 SQL</translation>
    </message>
    <message>
        <source>Generating SQL</source>
        <translation>正在生成 SQL</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmController</name>
    <message>
        <source>Open a database first: the model writes SQL for the open database.</source>
        <translation>请先打开数据库：模型会为已打开的数据库编写 SQL。</translation>
    </message>
    <message>
        <source>Type a question about the open database first.</source>
        <translation>请先输入一个关于已打开数据库的问题。</translation>
    </message>
    <message>
        <source>Asking the model ...</source>
        <translation>正在询问模型…</translation>
    </message>
    <message>
        <source>Generated SQL; the gold-free checks found nothing suspicious.</source>
        <translation>已生成 SQL；无标准答案检查未发现可疑之处。</translation>
    </message>
    <message numerus="yes">
        <source>Generated SQL with %n finding(s): %1. Hover a highlighted span for the reason.</source>
        <translation>
            <numerusform>已生成 SQL，发现 %n 处问题：%1。将鼠标悬停在高亮处可查看原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>Risk %1.</source>
        <translation>风险 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s).</source>
        <translation>
            <numerusform>%n 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>It does not run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>LLM log</source>
        <translation>LLM 日志</translation>
    </message>
    <message>
        <source>&amp;Generate SQL from the question (Ctrl+G)</source>
        <translation>根据问题生成 SQL(&amp;G)（Ctrl+G）</translation>
    </message>
    <message>
        <source>LLM &amp;endpoints and prompts...</source>
        <translation>LLM 端点与提示(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmLogModel</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tokens in/out</source>
        <translation>输入/输出词元</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmLogPanel</name>
    <message>
        <source>Template %1, version %2</source>
        <translation>模板 %1，版本 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s), %1 tokens, $%2</source>
        <translation>
            <numerusform>%n 次调用，%1 个词元，$%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>回答</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmSettingsDialog</name>
    <message>
        <source>LLM endpoints and prompts</source>
        <translation>LLM 端点与提示</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>Environment variable</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>System keychain</source>
        <translation>系统钥匙串</translation>
    </message>
    <message>
        <source>Leave empty to keep the stored key</source>
        <translation>留空则保留已存储的密钥</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>API key from</source>
        <translation>API 密钥来源</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>密钥</translation>
    </message>
    <message>
        <source>Requests at once</source>
        <translation>同时请求数</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>重试次数</translation>
    </message>
    <message>
        <source>Price per 1k input tokens</source>
        <translation>每千输入词元价格</translation>
    </message>
    <message>
        <source>Price per 1k output tokens</source>
        <translation>每千输出词元价格</translation>
    </message>
    <message>
        <source>Restore built-in</source>
        <translation>恢复内置模板</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>New endpoint %1</source>
        <translation>新端点 %1</translation>
    </message>
    <message>
        <source>Connecting to %1 ...</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Connected: %1 answered in %2 ms.</source>
        <translation>已连接：%1 在 %2 毫秒内作答。</translation>
    </message>
    <message>
        <source>Built-in template, version %1.</source>
        <translation>内置模板，版本 %1。</translation>
    </message>
    <message>
        <source>Edited by you. Calls record the version line of the text above.</source>
        <translation>已由您编辑。调用会记录上方文本中的版本行。</translation>
    </message>
    <message>
        <source>This template does not parse: %1</source>
        <translation>此模板无法解析：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::MainWindow</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>The demo could not be created</source>
        <translation>无法创建演示</translation>
    </message>
    <message>
        <source>Opened %1 (read-only)</source>
        <translation>已打开 %1（只读）</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s)</source>
        <translation>
            <numerusform>%n 个表</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Open Database</source>
        <translation>打开数据库</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.sqlite3 *.db *.db3);;All files (*)</source>
        <translation>SQLite 数据库 (*.sqlite *.sqlite3 *.db *.db3);;所有文件 (*)</translation>
    </message>
    <message>
        <source>HalluSQL</source>
        <translation>HalluSQL</translation>
    </message>
    <message>
        <source>%1 — HalluSQL</source>
        <translation>%1 — HalluSQL</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>数据库结构</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>查询结果</translation>
    </message>
    <message>
        <source>Double-click a table or column to insert its name</source>
        <translation>双击表或列可将其名称插入编辑器</translation>
    </message>
    <message>
        <source>Working… press Esc to cancel</source>
        <translation>正在处理… 按 Esc 取消</translation>
    </message>
    <message>
        <source>About HalluSQL</source>
        <translation>关于 HalluSQL</translation>
    </message>
    <message>
        <source>&lt;b&gt;HalluSQL %1&lt;/b&gt;&lt;p&gt;Catch, explain and record hallucinations in SQL written by large language models.&lt;/p&gt;&lt;p&gt;Databases are always opened read-only.&lt;/p&gt;</source>
        <translation>&lt;b&gt;HalluSQL %1&lt;/b&gt;&lt;p&gt;发现、解释并记录大语言模型所写 SQL 中的幻觉。&lt;/p&gt;&lt;p&gt;数据库始终以只读方式打开。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::QueryController</name>
    <message>
        <source>Fetching rows failed: %1</source>
        <translation>获取数据行失败：%1</translation>
    </message>
    <message>
        <source>%1 rows (more available)</source>
        <translation>%1 行（还有更多）</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>Nothing to run: the editor is empty.</source>
        <translation>没有可运行的内容：编辑器为空。</translation>
    </message>
    <message>
        <source>Open a database first (File &gt; Open).</source>
        <translation>请先打开数据库（文件 &gt; 打开）。</translation>
    </message>
    <message>
        <source>Running query</source>
        <translation>正在运行查询</translation>
    </message>
    <message>
        <source>Query cancelled.</source>
        <translation>查询已取消。</translation>
    </message>
    <message>
        <source>Query stopped at the time limit: %1</source>
        <translation>查询达到时间限制而停止：%1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
</context>
<context>
    <name>hs::ui::QuestionBar</name>
    <message>
        <source>Type a question about the open database first.</source>
        <translation>请先输入一个关于已打开数据库的问题。</translation>
    </message>
    <message>
        <source>Ask a question about this database, e.g. &quot;How many pets does each student own?&quot;</source>
        <translation>就此数据库提一个问题，例如 &quot;每个学生养了多少只宠物？&quot;</translation>
    </message>
    <message>
        <source>Evidence (optional): domain knowledge the model should use</source>
        <translation>证据（可选）：模型应使用的领域知识</translation>
    </message>
    <message>
        <source>Generate SQL</source>
        <translation>生成 SQL</translation>
    </message>
    <message>
        <source>Ask the LLM for SQL (Ctrl+G or Ctrl+Shift+Enter)</source>
        <translation>让 LLM 编写 SQL（Ctrl+G 或 Ctrl+Shift+Enter）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>hs::ui::ResultModel</name>
    <message>
        <source>Fetching rows</source>
        <translation>正在获取数据行</translation>
    </message>
</context>
<context>
    <name>hs::ui::SchemaTree</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>~%1 rows</source>
        <translation>约 %1 行</translation>
    </message>
    <message>
        <source>PK</source>
        <translation>主键</translation>
    </message>
    <message>
        <source>FK → %1</source>
        <translation>外键 → %1</translation>
    </message>
    <message>
        <source> not null</source>
        <translation> 非空</translation>
    </message>
    <message>
        <source>Tables (%1)</source>
        <translation>表（%1）</translation>
    </message>
    <message>
        <source>Views (%1)</source>
        <translation>视图（%1）</translation>
    </message>
</context>
<context>
    <name>hs::ui::SqlLexer</name>
    <message>
        <source>Table names</source>
        <translation>表名</translation>
    </message>
    <message>
        <source>Column names</source>
        <translation>列名</translation>
    </message>
</context>
</TS>
