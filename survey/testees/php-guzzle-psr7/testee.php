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
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   pctest run -utf16hex -- php survey/testees/php-guzzle-psr7/testee.php [query]
//
// PHP's json_decode rejects lone surrogates, so the runner's -utf16hex mode
// is needed: text arrives as "in_utf16". PHP strings are octets; text is
// handed over as its UTF-8, and text with a lone surrogate, which has no
// UTF-8 form, is answered "unsupported". A text result that is not UTF-8 is
// answered with the error "NotUTF8" and the octets in the message. An
// exception is answered with its class name.

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
];
$variant = $argv[1] ?? '';
if (!isset($sets[$variant])) {
    fwrite(STDERR, "testee: unknown function set '$variant'\n");
    exit(2);
}
$ops = $sets[$variant];

// other_of returns args.other as UTF-8 (it travels as JSON text).
function other_of(array $args): string
{
    $o = $args['other'] ?? null;
    if (!is_string($o)) {
        throw new UnexpectedValueException('no args.other');
    }
    return $o;
}
// utf8_from_utf16_hex returns the UTF-8 of the code units in $hex (four hex
// digits each), or null if they hold a lone surrogate.
function utf8_from_utf16_hex(string $hex): ?string
{
    $units = array_map('hexdec', str_split($hex, 4));
    if ($hex === '') {
        $units = [];
    }
    $out = '';
    for ($i = 0, $n = count($units); $i < $n; $i++) {
        $u = $units[$i];
        if ($u >= 0xD800 && $u <= 0xDBFF && $i + 1 < $n && $units[$i + 1] >= 0xDC00 && $units[$i + 1] <= 0xDFFF) {
            $u = 0x10000 + (($u - 0xD800) << 10) + ($units[++$i] - 0xDC00);
        } elseif ($u >= 0xD800 && $u <= 0xDFFF) {
            return null;
        }
        $out .= utf8_chr($u);
    }
    return $out;
}

// utf8_chr returns the UTF-8 of code point $u (no intl extension needed).
function utf8_chr(int $u): string
{
    if ($u < 0x80) {
        return chr($u);
    }
    if ($u < 0x800) {
        return chr(0xC0 | ($u >> 6)) . chr(0x80 | ($u & 0x3F));
    }
    if ($u < 0x10000) {
        return chr(0xE0 | ($u >> 12)) . chr(0x80 | (($u >> 6) & 0x3F)) . chr(0x80 | ($u & 0x3F));
    }
    return chr(0xF0 | ($u >> 18)) . chr(0x80 | (($u >> 12) & 0x3F)) . chr(0x80 | (($u >> 6) & 0x3F)) . chr(0x80 | ($u & 0x3F));
}

function answer(array $ops, string $line): ?string
{
    $req = json_decode($line, true);
    if (!is_array($req)) {
        fwrite(STDERR, "testee: bad request line: " . json_last_error_msg() . "\n");
        return null;
    }
    $id = $req['id'] ?? null;
    $op = $req['op'] ?? '';
    if (!isset($ops[$op])) {
        return enc(['id' => $id, 'unsupported' => true]);
    }
    if (isset($req['in_hex'])) {
        $in = hex2bin($req['in_hex']);
    } elseif (isset($req['in_utf16'])) {
        $in = utf8_from_utf16_hex($req['in_utf16']);
    } else {
        $in = $req['in'] ?? null;
    }
    if ($in === null || $in === false) {
        return enc(['id' => $id, 'unsupported' => true]);
    }
    try {
        $resp = $ops[$op]($in, $req['args'] ?? []);
    } catch (Throwable $e) {
        return enc(['id' => $id, 'error' => get_class($e), 'message' => $e->getMessage()]);
    }
    if (isset($resp['out']) && preg_match('//u', $resp['out']) !== 1) {
        return enc(['id' => $id, 'error' => 'NotUTF8', 'message' => 'result octets ' . bin2hex($resp['out']) . ' are not UTF-8']);
    }
    return enc(['id' => $id] + $resp);
}

function enc(array $v): string
{
    return json_encode($v, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
}

$pending = '';
while (!feof(STDIN)) {
    $chunk = fread(STDIN, 1 << 16);
    if ($chunk === false || $chunk === '') {
        continue;
    }
    $lines = explode("\n", $pending . $chunk);
    $pending = array_pop($lines);
    $answers = [];
    foreach ($lines as $line) {
        if (trim($line) !== '') {
            $a = answer($ops, $line);
            if ($a !== null) {
                $answers[] = $a;
            }
        }
    }
    if ($answers) {
        fwrite(STDOUT, implode("\n", $answers) . "\n");
        fflush(STDOUT);
    }
}
