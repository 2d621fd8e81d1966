// A pctest testee (protocol version 1, testee/PROTOCOL.md) for the
// ECMAScript engine of Qt QML, V4, through QJSEngine: it calls the global
// encodeURI, encodeURIComponent, decodeURI and decodeURIComponent, and
// Annex B's escape and unescape, with the input as a QString (UTF-16, lone surrogates included) and answers the
// result's code units, or the name of the error it throws. Every other op
// is answered "unsupported". The same source builds against Qt 5
// (engine-qt5-v4) and Qt 6 (engine-qt6-v4):
//
//   g++ -O1 -fPIC -o /tmp/qt5-v4 host.cpp $(pkg-config --cflags --libs Qt5Qml)
//   pctest run -utf16hex -- /tmp/qt5-v4
#include <QCoreApplication>
#include <QJSEngine>
#include <QJSValue>

#include "../cpp-common/protocol.hpp"

int main(int argc, char **argv)
{
	QCoreApplication app(argc, argv);
	QJSEngine engine;
	QJSValue global = engine.globalObject();
	return pc::serve([&](const pc::Request &r, pc::Answer &a) {
		if ((r.op != "encodeURI" && r.op != "encodeURIComponent" && r.op != "decodeURI" &&
		     r.op != "decodeURIComponent" && r.op != "escape" && r.op != "unescape") || !r.is_text) {
			a.unsupported(r);
			return;
		}
		QString in(reinterpret_cast<const QChar *>(r.text.data()), int(r.text.size()));
		QJSValue out = global.property(QString::fromLatin1(r.op.c_str())).call(QJSValueList{QJSValue(in)});
		if (out.isError()) {
			a.error(r, out.property(QStringLiteral("name")).toString().toStdString(),
			        out.property(QStringLiteral("message")).toString().toStdString());
			return;
		}
		QString s = out.toString();
		a.text(r, std::u16string(reinterpret_cast<const char16_t *>(s.utf16()), size_t(s.size())));
	});
}
