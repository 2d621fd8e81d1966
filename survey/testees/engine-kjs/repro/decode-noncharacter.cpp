// KJS: decodeURIComponent of the UTF-8 form of U+FFFF, a noncharacter.
#include <kjs/kjsinterpreter.h>
#include <cstdio>
int main()
{
	KJSInterpreter js;
	KJSResult r = js.evaluate("try { escape(decodeURIComponent('%EF%BF%BF')) } catch (e) { e.name }");
	std::printf("%s\n", qPrintable(r.value().toString(js.globalContext())));
}
