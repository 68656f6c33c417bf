// Compiles the staged app's Python to byte code with the site's own Pyodide (under Node, while
// `companion build-web` runs), so the browser imports byte code instead of compiling every
// module at each start. Run as: node compile.mjs PYODIDE_MJS STAGE_FOLDER
//   - the libraries (__pypackages__): X.pyc beside X.py (the builder then drops X.py);
//   - the app's own packages and main.py: __pycache__ files that are used whatever the sources'
//     times (the archive does not keep them), beside the sources, which stay for tracebacks and
//     for Alembic, which reads the migrations' sources.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideModule, stage] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
const pyodide = await loadPyodide({ indexURL: path.dirname(pyodideModule) + path.sep });
pyodide.mountNodeFS("/stage", path.resolve(stage));
const done = await pyodide.runPythonAsync(`
import compileall, os, py_compile
unchecked = py_compile.PycInvalidationMode.UNCHECKED_HASH
ok = compileall.compile_dir("/stage/__pypackages__", quiet=1, legacy=True, stripdir="/stage")
for name in sorted(os.listdir("/stage")):
    if os.path.isdir(f"/stage/{name}") and name != "__pypackages__":
        ok = compileall.compile_dir(f"/stage/{name}", quiet=1, stripdir="/stage", invalidation_mode=unchecked) and ok
    elif name.endswith(".py"):
        ok = compileall.compile_file(f"/stage/{name}", quiet=1, stripdir="/stage", invalidation_mode=unchecked) and ok
bool(ok)
`);
if (!done) {
  console.error("some modules did not compile");
  process.exit(1);
}
