<?php
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for PHP's
// mbstring conversions:
//
//   formEncodeLegacy   urlencode(mb_convert_encoding(text, E, 'UTF-8')),
//                      with mb_substitute_character('entity')
//   utf8DecodeReplace  mb_convert_encoding(octets, 'UTF-8', 'UTF-8'),
//                      with mb_substitute_character(0xFFFD)
//
// E is the mbstring encoding for the WHATWG encoding that args.encoding
// names (ENCODINGS below). Every other op is answered "unsupported".
// README.md beside this file says why each function maps to its op;
// mapping.json says the same for machines.
//
//   pctest run -utf16hex -- php survey/testees/php-mbstring/testee.php
//
// Text arrives as "in_utf16" (PHP's json_decode rejects lone surrogates)
// and is handed over as its UTF-8; text with a lone surrogate is
// answered "unsupported".

require_once __DIR__ . '/../php-common/protocol.php';

// The mbstring encoding for each WHATWG encoding (Encoding §4.2, by its
// name) that mb_list_encodings() has under that character set's name.
// replacement, UTF-16BE and UTF-16LE are UTF-8 here: the URL standard
// encodes with the "output encoding" (Encoding §4.3), which is UTF-8 for
// them. mbstring has no macintosh, x-mac-cyrillic, windows-874,
// windows-1250, -1253, -1255 to -1258 or x-user-defined.
const ENCODINGS = [
    'utf-8' => 'UTF-8', 'ibm866' => 'CP866', 'iso-8859-2' => 'ISO-8859-2',
    'iso-8859-3' => 'ISO-8859-3', 'iso-8859-4' => 'ISO-8859-4', 'iso-8859-5' => 'ISO-8859-5',
    'iso-8859-6' => 'ISO-8859-6', 'iso-8859-7' => 'ISO-8859-7', 'iso-8859-8' => 'ISO-8859-8',
    'iso-8859-8-i' => 'ISO-8859-8', 'iso-8859-10' => 'ISO-8859-10', 'iso-8859-13' => 'ISO-8859-13',
    'iso-8859-14' => 'ISO-8859-14', 'iso-8859-15' => 'ISO-8859-15', 'iso-8859-16' => 'ISO-8859-16',
    'koi8-r' => 'KOI8-R', 'koi8-u' => 'KOI8-U', 'windows-1251' => 'Windows-1251',
    'windows-1252' => 'Windows-1252', 'windows-1254' => 'Windows-1254', 'gbk' => 'CP936',
    'gb18030' => 'GB18030', 'big5' => 'BIG-5', 'euc-jp' => 'EUC-JP',
    'iso-2022-jp' => 'ISO-2022-JP', 'shift_jis' => 'SJIS', 'euc-kr' => 'EUC-KR',
    'replacement' => 'UTF-8', 'utf-16be' => 'UTF-8', 'utf-16le' => 'UTF-8',
];

// mb_encoding returns the mbstring encoding for args.encoding, read as
// Encoding §4.2 reads a label (ASCII whitespace stripped, ASCII
// lowercase) but only as an encoding's own name: mbstring's aliases are
// not WHATWG's labels. null for any other label.
function mb_encoding(array $args): ?string
{
    $name = strtolower(trim($args['encoding'] ?? '', "\t\n\f\r "));
    return ENCODINGS[$name] ?? null;
}

$ops = [
    'formEncodeLegacy' => function ($s, $args) {
        $enc = mb_encoding($args);
        if ($enc === null) {
            return ['unsupported' => true];
        }
        mb_substitute_character('entity');
        return ['out' => urlencode(mb_convert_encoding($s, $enc, 'UTF-8'))];
    },
    'utf8DecodeReplace' => function ($b) {
        mb_substitute_character(0xFFFD);
        return ['out' => mb_convert_encoding($b, 'UTF-8', 'UTF-8')];
    },
];

pctest_serve(['' => $ops]);
