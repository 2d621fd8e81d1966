// KJS: encodeURIComponent of a lone surrogate, U+D800.
#include <kjs/kjsinterpreter.h>
#include <cstdio>
int main()
{
	KJSInterpreter js;
	KJSResult r = js.evaluate("try { encodeURIComponent('\\uD800') } catch (e) { e.name }");
	std::printf("%s\n", qPrintable(r.value().toString(js.globalContext())));
}
