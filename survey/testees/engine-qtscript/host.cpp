// A pctest testee (protocol version 1, testee/PROTOCOL.md) for QtScript, Qt
// 5's older ECMAScript engine (a fork of JavaScriptCore), through
// QScriptEngine: it calls the global encodeURI, encodeURIComponent,
// decodeURI and decodeURIComponent, and Annex B's escape and unescape, with
// the input as a QString (UTF-16,
// lone surrogates included) and answers the result's code units, or the
// name of the error it throws. Every other op is answered "unsupported".
//
//   g++ -O1 -fPIC -o /tmp/qtscript host.cpp $(pkg-config --cflags --libs Qt5Script)
//   pctest run -utf16hex -- /tmp/qtscript
#include <QCoreApplication>
#include <QScriptEngine>
#include <QScriptValue>

#include "../cpp-common/protocol.hpp"

int main(int argc, char **argv)
{
	QCoreApplication app(argc, argv);
	QScriptEngine engine;
	QScriptValue global = engine.globalObject();
	return pc::serve([&](const pc::Request &r, pc::Answer &a) {
		if ((r.op != "encodeURI" && r.op != "encodeURIComponent" && r.op != "decodeURI" &&
		     r.op != "decodeURIComponent" && r.op != "escape" && r.op != "unescape") || !r.is_text) {
			a.unsupported(r);
			return;
		}
		QString in(reinterpret_cast<const QChar *>(r.text.data()), int(r.text.size()));
		QScriptValue f = global.property(QString::fromLatin1(r.op.c_str()));
		QScriptValue out = f.call(QScriptValue(), QScriptValueList{QScriptValue(in)});
		if (engine.hasUncaughtException() || out.isError()) {
			engine.clearExceptions();
			a.error(r, out.property(QStringLiteral("name")).toString().toStdString(),
			        out.property(QStringLiteral("message")).toString().toStdString());
			return;
		}
		QString s = out.toString();
		a.text(r, std::u16string(reinterpret_cast<const char16_t *>(s.utf16()), size_t(s.size())));
	});
}
