#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Perl's
# URI::Escape (CPAN distribution URI; Debian liburi-perl). The first argument
# picks the function set, so that no two functions answer the same op in one
# run:
#
#   (none)  percentEncode         uri_escape(octets)
#           percentDecodeLenient  uri_unescape(text as UTF-8 octets)
#   utf8    percentEncode         uri_escape_utf8(the text the octets are the
#                                 UTF-8 of; octets that are not UTF-8 are
#                                 answered "unsupported")
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op; mapping.json says the same for machines.
#
#   pctest run -utf16hex -- perl survey/testees/perl-uri-escape/testee.pl [utf8]
#
# Text arrives as "in_utf16" (the runner's -utf16hex mode): text with a lone
# surrogate has no UTF-8 form and is answered "unsupported".
use strict;
use warnings;
use JSON::PP ();
use FindBin;
use lib "$FindBin::Bin/../perl-common";
use Protocol qw(serve text_of_utf8);
use URI::Escape qw(uri_escape uri_escape_utf8 uri_unescape);

my %function_sets = (
    '' => {
        percentEncode        => sub { { out     => uri_escape($_[0]) } },
        percentDecodeLenient => sub { { out_hex => unpack('H*', uri_unescape($_[0])) } },
    },
    'utf8' => {
        percentEncode => sub {
            my $text = text_of_utf8($_[0]);
            return { unsupported => JSON::PP::true } unless defined $text;
            return { out => uri_escape_utf8($text) };
        },
    },
);

serve(\%function_sets);
