<?php
// The pctest protocol (version 1, see testee/PROTOCOL.md) for the survey's
// PHP testees: each testee's own file holds only its library mapping and
// calls pctest_serve($sets). README.md beside this file says how.

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

// answer returns the answer line to one request line, or null for a line
// that is no JSON object.
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

// pctest_serve answers requests on stdin with the function set that the
// first argument names ('' when there is none) until stdin ends.
function pctest_serve(array $sets): void
{
    $variant = $_SERVER['argv'][1] ?? '';
    if (!isset($sets[$variant])) {
        fwrite(STDERR, "testee: unknown function set '$variant'\n");
        exit(2);
    }
    $ops = $sets[$variant];
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
        // Answer every complete line read before blocking for more.
        if ($answers) {
            fwrite(STDOUT, implode("\n", $answers) . "\n");
            fflush(STDOUT);
        }
    }
}
