use strict;
use warnings;
use URI::Encode qw(uri_encode);
# two stray '%': both are to be escaped
print uri_encode('%%', { double_encode => 0 }), "\n";
