#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Perl's
# URL::Encode (Debian liburl-encode-perl, with URL::Encode::XS from
# liburl-encode-xs-perl). The first argument picks the implementation,
# each a function set:
#
#   (none)  URL::Encode::XS (what URL::Encode loads when it is installed)
#   pp      URL::Encode::PP (what URL::Encode loads without it, or with
#           URL_ENCODE_PP set)
#
#   formEncode  url_encode_utf8(text)
#   formDecode  url_decode_utf8(text as UTF-8 octets)
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op.
#
#   pctest run -utf16hex -- perl survey/testees/perl-url-encode/testee.pl [pp]
#
# Text arrives as "in_utf16" (the runner's -utf16hex mode): text with a lone
# surrogate has no UTF-8 form and is answered "unsupported".
use strict;
use warnings;
use JSON::PP ();
use FindBin;
use lib "$FindBin::Bin/../perl-common";
use Protocol qw(serve text_of_utf8);
use URL::Encode::PP ();

my $xs = eval { require URL::Encode::XS; 1 };

# functions returns the function set of one implementation (a package).
sub functions {
    my ($pkg) = @_;
    my $encode = $pkg->can('url_encode_utf8');
    my $decode = $pkg->can('url_decode_utf8');
    return {
        formEncode => sub {
            my $text = text_of_utf8($_[0]);
            return { unsupported => JSON::PP::true } unless defined $text;
            return { out => $encode->($text) };
        },
        formDecode => sub {
            my $s = $decode->($_[0]);
            utf8::encode($s);
            return { out => $s };
        },
    };
}

my %function_sets = (
    'pp' => functions('URL::Encode::PP'),
    ($xs ? ('' => functions('URL::Encode::XS')) : ()),
);

serve(\%function_sets);
