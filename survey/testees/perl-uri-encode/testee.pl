#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Perl's
# URI::Encode (Debian liburi-encode-perl). The first argument picks the
# function set (an option profile), so that no two functions answer the
# same op in one run:
#
#   (none)    percentEncode         uri_encode(text, {encode_reserved => 1})
#             percentDecodeLenient  uri_decode(text as UTF-8 octets)
#   nodouble  encodeNoDouble        uri_encode(text, {double_encode => 0})
#
# uri_encode takes a character string: octets that are not UTF-8 are
# answered "unsupported". Every other op is answered "unsupported".
# README.md beside this file says why each function maps to its op.
#
#   pctest run -utf16hex -- perl survey/testees/perl-uri-encode/testee.pl [nodouble]
#
# Text arrives as "in_utf16" (the runner's -utf16hex mode): text with a lone
# surrogate has no UTF-8 form and is answered "unsupported".
use strict;
use warnings;
use JSON::PP ();
use FindBin;
use lib "$FindBin::Bin/../perl-common";
use Protocol qw(serve text_of_utf8);
use URI::Encode qw(uri_encode uri_decode);

# encoded returns the answer of an encoder of text: the octets as text.
sub encoded {
    my ($octets, $f) = @_;
    my $text = text_of_utf8($octets);
    return { unsupported => JSON::PP::true } unless defined $text;
    return { out => $f->($text) };
}

my %function_sets = (
    '' => {
        percentEncode        => sub { encoded($_[0], sub { uri_encode($_[0], { encode_reserved => 1 }) }) },
        percentDecodeLenient => sub { { out_hex => unpack('H*', uri_decode($_[0])) } },
    },
    'nodouble' => {
        encodeNoDouble => sub { encoded($_[0], sub { uri_encode($_[0], { double_encode => 0 }) }) },
    },
);

serve(\%function_sets);
