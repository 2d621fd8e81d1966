<?php
// UriNormalizer::normalize with its default flags (CAPITALIZE_PERCENT_ENCODING
// and DECODE_UNRESERVED_CHARACTERS among them) uppercases and decodes the
// escapes of the path and the query, but leaves the fragment's as written;
// isEquivalent, which compares normalized URIs, then tells two spellings of
// one fragment apart.
require_once 'GuzzleHttp/Psr7/autoload.php';

use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;

$n = (string) UriNormalizer::normalize(new Uri('http://h/%7e%aa?%7e%aa#%7e%aa'));
$eq = UriNormalizer::isEquivalent(new Uri('http://h/#%aa'), new Uri('http://h/#%AA')) ? 'true' : 'false';
echo $n, ' ', $eq, "\n";
