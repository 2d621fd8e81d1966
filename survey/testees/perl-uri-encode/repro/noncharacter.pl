use strict;
use warnings;
use URI::Encode qw(uri_encode);
# U+FFFF is a noncharacter, whose UTF-8 is EF BF BF
print uri_encode("\x{FFFF}", { encode_reserved => 1 }), "\n";
