#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
# Mojo::Util's URL escaping (Mojolicious; Debian libmojolicious-perl):
#
#   percentEncode         url_escape(octets)
#   percentEncodeSet      url_escape(octets, pattern): the pattern is the
#                         character class of what to escape, "^" and the
#                         octets the named set keeps
#   percentDecodeLenient  url_unescape(text as UTF-8 octets)
#   formEncode            Mojo::Parameters->new(a => text)->to_string, without
#                         its leading "a="
#   formDecode            Mojo::Parameters->new("a=" . UTF-8 octets)->param('a'),
#                         for an input without "&"
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op.
#
#   pctest run -utf16hex -- perl survey/testees/perl-mojo-util/testee.pl
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
use Mojo::Util qw(url_escape url_unescape);
use Mojo::Parameters;

my %function_sets = (
    '' => {
        percentEncode    => sub { { out => url_escape($_[0]) } },
        percentEncodeSet => sub {
            my $pattern = escape_class($_[1]{set});
            return { unsupported => JSON::PP::true } unless defined $pattern;
            return { out => url_escape($_[0], $pattern) };
        },
        percentDecodeLenient => sub { { out_hex => unpack('H*', url_unescape($_[0])) } },
        # The one pair a => text: to_string encodes the character string
        # (its charset, UTF-8) and writes "a=" before the value.
        formEncode => sub {
            my $s = Mojo::Parameters->new(a => text_of_utf8($_[0]))->to_string;
            return { error => 'NoPrefix', message => "to_string gave '$s'" } unless $s =~ s/\Aa=//;
            return { out => $s };
        },
        # The parser splits on "&", so only an input without one is a single
        # value; "a=" before it makes all of it the value. param decodes
        # the charset (UTF-8) into a character string.
        formDecode => sub {
            return { unsupported => JSON::PP::true, message => "'&' separates pairs" } if $_[0] =~ /&/;
            my $v = Mojo::Parameters->new('a=' . $_[0])->param('a');
            return { error => 'NoValue', message => 'param returned undef' } unless defined $v;
            utf8::encode($v);
            return { out => $v };
        },
    },
);

serve(\%function_sets);
