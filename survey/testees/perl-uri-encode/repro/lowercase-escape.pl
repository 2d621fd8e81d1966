use strict;
use warnings;
use URI::Encode qw(uri_encode);
# %2f is an escape already (RFC 3986 §2.1: hex digits in either case)
print uri_encode('a%2fb', { double_encode => 0 }), "\n";
