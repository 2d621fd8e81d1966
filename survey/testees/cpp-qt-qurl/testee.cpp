// A pctest testee (protocol version 1, testee/PROTOCOL.md) for Qt's
// percent-encoding functions. The argument picks a function set, so that no
// two functions answer the same op in one run:
//
//   (none)  percentEncode         QByteArray::toPercentEncoding()
//           percentDecodeLenient  QByteArray::fromPercentEncoding(text as UTF-8)
//   qurl    percentEncode         QUrl::toPercentEncoding(QString::fromUtf8(octets))
//           percentDecodeLenient  QUrl::fromPercentEncoding(text as UTF-8), answered as UTF-8
//   set     percentEncodeSet      QByteArray::toPercentEncoding(exclude, include), exclude the
//                                 set's octets outside unreserved, include the unreserved
//                                 octets outside the set (../c-common/sets.h)
//
// Every other op is answered "unsupported"; so is text with a lone
// surrogate, which has no UTF-8 form, and, for QUrl::toPercentEncoding,
// octets that are not UTF-8, which a QString cannot hold. README.md says why
// each function maps to its op. The same source builds against Qt 5 and 6:
//
//   g++ -std=c++17 -O1 -fPIC -o /tmp/qurl testee.cpp $(pkg-config --cflags --libs Qt6Core)
//   pctest run -utf16hex -- /tmp/qurl [qurl|set]
#include <cstring>

#include <QByteArray>
#include <QString>
#include <QUrl>

#include "../c-common/sets.h"
#include "../cpp-common/protocol.hpp"

static std::string str(const QByteArray &b) { return std::string(b.constData(), size_t(b.size())); }

int main(int argc, char **argv)
{
	std::string variant = argc > 1 ? argv[1] : "";
	bool qurl = variant == "qurl";
	if (variant == "set")
		return pc::serve([](const pc::Request &r, pc::Answer &a) {
			const char *keeps = r.op == "percentEncodeSet" ? pc_set_keeps(r.set.c_str()) : nullptr;
			if (!keeps) {
				a.unsupported(r);
				return;
			}
			QByteArray exclude, include;
			for (int c = 1; c < 0x80; c++) {
				bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
					c == '-' || c == '.' || c == '_' || c == '~';
				bool kept = std::strchr(keeps, c) != nullptr;
				if (kept && !unreserved)
					exclude += char(c);
				else if (!kept && unreserved)
					include += char(c);
			}
			QByteArray in(r.octets.data(), int(r.octets.size()));
			a.ascii(r, str(in.toPercentEncoding(exclude, include)));
		});
	return pc::serve([qurl](const pc::Request &r, pc::Answer &a) {
		std::string utf8;
		if (r.is_text && !pc::to_utf8(r.text, utf8)) {
			a.unsupported(r);
			return;
		}
		if (r.op == "percentEncode") {
			QByteArray in(r.octets.data(), int(r.octets.size()));
			if (!qurl) {
				a.ascii(r, str(in.toPercentEncoding()));
				return;
			}
			QString s = QString::fromUtf8(in);
			if (s.toUtf8() != in) {
				a.unsupported(r); // not UTF-8: no QString holds these octets
				return;
			}
			a.ascii(r, str(QUrl::toPercentEncoding(s)));
		} else if (r.op == "percentDecodeLenient") {
			QByteArray in(utf8.data(), int(utf8.size()));
			a.hex(r, str(qurl ? QUrl::fromPercentEncoding(in).toUtf8() : QByteArray::fromPercentEncoding(in)));
		} else {
			a.unsupported(r);
		}
	});
}
