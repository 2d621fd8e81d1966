#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Perl's
# URI::Escape (CPAN distribution URI; Debian liburi-perl). The first argument
# picks the function set, so that no two functions answer the same op in one
# run:
#
#   (none)  percentEncode         uri_escape(octets)
#           percentEncodeSet      uri_escape(octets, $unsafe): $unsafe is the
#                                 character class of what to escape, "^" and
#                                 the octets the named set keeps
#           percentDecodeLenient  uri_unescape(text as UTF-8 octets)
#   utf8    percentEncode         uri_escape_utf8(the text the octets are the
#                                 UTF-8 of; octets that are not UTF-8 are
#                                 answered "unsupported")
#           percentEncodeSet      uri_escape_utf8(that text, $unsafe)
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
use Sets qw(escape_class);
use URI::Escape qw(uri_escape uri_escape_utf8 uri_unescape);

my %function_sets = (
    '' => {
        percentEncode        => sub { { out     => uri_escape($_[0]) } },
        percentEncodeSet     => sub {
            my $unsafe = escape_class($_[1]{set});
            return { unsupported => JSON::PP::true } unless defined $unsafe;
            return { out => uri_escape($_[0], $unsafe) };
        },
        percentDecodeLenient => sub { { out_hex => unpack('H*', uri_unescape($_[0])) } },
    },
    'utf8' => {
        percentEncode => sub {
            my $text = text_of_utf8($_[0]);
            return { unsupported => JSON::PP::true } unless defined $text;
            return { out => uri_escape_utf8($text) };
        },
        percentEncodeSet => sub {
            my $unsafe = escape_class($_[1]{set});
            my $text   = text_of_utf8($_[0]);
            return { unsupported => JSON::PP::true } unless defined $unsafe && defined $text;
            return { out => uri_escape_utf8($text, $unsafe) };
        },
    },
);

serve(\%function_sets);
