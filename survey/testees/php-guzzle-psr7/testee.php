<?php
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the URI
// encoding and normalization of guzzlehttp/psr7 (Debian php-guzzlehttp-psr7).
// The first argument picks the function set, so that no two functions answer
// the same op in one run:
//
//   (none)  encodeNoDouble  (new Uri())->withPath($s)->getPath()
//           normalize       (string) UriNormalizer::normalize(new Uri($s))
//           equivalent      UriNormalizer::isEquivalent(new Uri($s), new Uri($other))
//   query   encodeNoDouble  (new Uri())->withQuery($s)->getQuery()
//   fragment encodeNoDouble (new Uri())->withFragment($s)->getFragment()
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   pctest run -utf16hex -- php survey/testees/php-guzzle-psr7/testee.php [query|fragment]
//
// PHP's json_decode rejects lone surrogates, so the runner's -utf16hex mode
// is needed: text arrives as "in_utf16". PHP strings are octets; text is
// handed over as its UTF-8, and text with a lone surrogate, which has no
// UTF-8 form, is answered "unsupported". A text result that is not UTF-8 is
// answered with the error "NotUTF8" and the octets in the message. An
// exception is answered with its class name.

require_once __DIR__ . '/../php-common/protocol.php';
require_once 'GuzzleHttp/Psr7/autoload.php';

use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;

$sets = [
    '' => [
        'encodeNoDouble' => fn ($s, $a) => ['out' => (new Uri())->withPath($s)->getPath()],
        'normalize' => fn ($s, $a) => ['out' => (string) UriNormalizer::normalize(new Uri($s))],
        'equivalent' => fn ($s, $a) => ['out' => UriNormalizer::isEquivalent(new Uri($s), new Uri(other_of($a))) ? 'true' : 'false'],
    ],
    'query' => [
        'encodeNoDouble' => fn ($s, $a) => ['out' => (new Uri())->withQuery($s)->getQuery()],
    ],
    'fragment' => [
        'encodeNoDouble' => fn ($s, $a) => ['out' => (new Uri())->withFragment($s)->getFragment()],
    ],
];

// other_of returns args.other as UTF-8 (it travels as JSON text).
function other_of(array $args): string
{
    $o = $args['other'] ?? null;
    if (!is_string($o)) {
        throw new UnexpectedValueException('no args.other');
    }
    return $o;
}

pctest_serve($sets);
