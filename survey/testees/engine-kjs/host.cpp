// A pctest testee (protocol version 1, testee/PROTOCOL.md) for KJS, KDE's
// ECMAScript engine (KF5 libKF5JS), through its public API (libKF5JSApi):
// the input is stored as a string (UTF-16, lone surrogates included) in the
// global "input", the script below calls the global encodeURI,
// encodeURIComponent, decodeURI, decodeURIComponent, escape or unescape
// (Annex B) on it, and the host
// answers the result's code units, or the name of the error it throws.
// Every other op is answered "unsupported".
//
//   g++ -O1 -fPIC -o /tmp/kjs host.cpp -I/usr/include/KF5 $(pkg-config --cflags --libs Qt5Core) -lKF5JSApi
//   pctest run -utf16hex -- /tmp/kjs
#include <kjs/kjsinterpreter.h>
#include <kjs/kjsobject.h>

#include "../cpp-common/protocol.hpp"

int main()
{
	KJSInterpreter interp;
	KJSContext *ctx = interp.globalContext();
	KJSObject global = interp.globalObject();
	return pc::serve([&](const pc::Request &r, pc::Answer &a) {
		if ((r.op != "encodeURI" && r.op != "encodeURIComponent" && r.op != "decodeURI" &&
		     r.op != "decodeURIComponent" && r.op != "escape" && r.op != "unescape") || !r.is_text) {
			a.unsupported(r);
			return;
		}
		global.setProperty(ctx, QStringLiteral("input"),
		                   QString(reinterpret_cast<const QChar *>(r.text.data()), int(r.text.size())));
		KJSResult res = interp.evaluate(QStringLiteral("try { output = %1(input); error = ''; } "
		                                               "catch (e) { error = e.name; output = e.message; }")
		                                    .arg(QString::fromLatin1(r.op.c_str())));
		if (res.isException()) {
			a.error(r, "exception", res.errorMessage().toStdString());
			return;
		}
		QString error = global.property(ctx, QStringLiteral("error")).toString(ctx);
		QString s = global.property(ctx, QStringLiteral("output")).toString(ctx);
		if (!error.isEmpty())
			a.error(r, error.toStdString(), s.toStdString());
		else
			a.text(r, std::u16string(reinterpret_cast<const char16_t *>(s.utf16()), size_t(s.size())));
	});
}
