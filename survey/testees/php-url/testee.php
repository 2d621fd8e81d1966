<?php
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for PHP's
// URL functions (ext/standard):
//
//   percentEncode         rawurlencode(octets)
//   percentDecodeLenient  rawurldecode(text)
//   formEncode            urlencode(text)
//   formDecode            urldecode(text)
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   pctest run -utf16hex -- php survey/testees/php-url/testee.php
//
// PHP's json_decode rejects lone surrogates, so the runner's -utf16hex mode
// is needed: text arrives as "in_utf16". PHP strings are octets; text is
// handed over as its UTF-8, and text with a lone surrogate, which has no
// UTF-8 form, is answered "unsupported". A text result that is not UTF-8
// (urldecode returns the decoded octets as they are) is answered with the
// error "NotUTF8" and the octets in the message.

require_once __DIR__ . '/../php-common/protocol.php';

$ops = [
    'percentEncode' => fn ($b) => ['out' => rawurlencode($b)],
    'percentDecodeLenient' => fn ($s) => ['out_hex' => bin2hex(rawurldecode($s))],
    'formEncode' => fn ($s) => ['out' => urlencode($s)],
    'formDecode' => fn ($s) => ['out' => urldecode($s)],
];

pctest_serve(['' => $ops]);
