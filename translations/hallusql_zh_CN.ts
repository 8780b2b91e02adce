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
    <name>hs::ui::ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
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
