// QJSEngine (V4): decodeURIComponent of the UTF-8 form of U+D800, a surrogate.
#include <QCoreApplication>
#include <QJSEngine>
#include <cstdio>
int main(int argc, char **argv)
{
	QCoreApplication app(argc, argv);
	QJSEngine e;
	QJSValue v = e.evaluate("try { escape(decodeURIComponent('%ED%A0%80')) } catch (x) { x.name }");
	std::printf("%s\n", qPrintable(v.toString()));
}
