#!/usr/bin/env perl
# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Perl's
# Encode (with URI::Escape for the percent-encoding):
#
#   queryEncode        uri_escape(encode(E, text, FB_HTMLCREF), UNSAFE),
#                      UNSAFE the special-query percent-encode set
#   utf8DecodeReplace  decode('UTF-8', octets, FB_DEFAULT)
#
# E is the Encode encoding for the WHATWG encoding that args.encoding names
# (%ENCODINGS below). Every other op is answered "unsupported". README.md
# beside this file says why each function maps to its op; mapping.json
# says the same for machines.
#
#   pctest run -utf16hex -- perl survey/testees/perl-encode/testee.pl
#
# Text arrives as "in_utf16" (the runner's -utf16hex mode): text with a
# lone surrogate has no UTF-8 form and is answered "unsupported".
use strict;
use warnings;
use JSON::PP ();
use FindBin;
use lib "$FindBin::Bin/../perl-common";
use Protocol qw(serve text_of_utf8);
use Encode ();
use URI::Escape qw(uri_escape);

# The Encode encoding for each WHATWG encoding (Encoding §4.2, by its name)
# that Encode->encodings(":all") has under that character set's name.
# replacement, UTF-16BE and UTF-16LE are UTF-8 here: the URL standard
# encodes with the "output encoding" (Encoding §4.3), which is UTF-8 for
# them. Encode has no gb18030 (that is Encode::HanExtra, not in Perl) and
# no x-user-defined.
my %ENCODINGS = (
    'utf-8' => 'UTF-8', 'ibm866' => 'cp866', 'iso-8859-2' => 'iso-8859-2',
    'iso-8859-3' => 'iso-8859-3', 'iso-8859-4' => 'iso-8859-4', 'iso-8859-5' => 'iso-8859-5',
    'iso-8859-6' => 'iso-8859-6', 'iso-8859-7' => 'iso-8859-7', 'iso-8859-8' => 'iso-8859-8',
    'iso-8859-8-i' => 'iso-8859-8', 'iso-8859-10' => 'iso-8859-10', 'iso-8859-13' => 'iso-8859-13',
    'iso-8859-14' => 'iso-8859-14', 'iso-8859-15' => 'iso-8859-15', 'iso-8859-16' => 'iso-8859-16',
    'koi8-r' => 'koi8-r', 'koi8-u' => 'koi8-u', 'macintosh' => 'MacRoman',
    'windows-874' => 'cp874', 'windows-1250' => 'cp1250', 'windows-1251' => 'cp1251',
    'windows-1252' => 'cp1252', 'windows-1253' => 'cp1253', 'windows-1254' => 'cp1254',
    'windows-1255' => 'cp1255', 'windows-1256' => 'cp1256', 'windows-1257' => 'cp1257',
    'windows-1258' => 'cp1258', 'x-mac-cyrillic' => 'MacCyrillic', 'gbk' => 'cp936',
    'big5' => 'big5-eten', 'euc-jp' => 'euc-jp', 'iso-2022-jp' => 'iso-2022-jp',
    'shift_jis' => 'shiftjis', 'euc-kr' => 'euc-kr',
    'replacement' => 'UTF-8', 'utf-16be' => 'UTF-8', 'utf-16le' => 'UTF-8',
);

# The octets uri_escape escapes for the special-query percent-encode set
# (WHATWG URL §1.3: C0 controls, space, " # < > ' and above ~), as the
# character class its second argument takes.
my $SPECIAL_QUERY_UNSAFE = '^\x21\x24-\x26\x28-\x3B\x3D\x3F-\x7E';

# encoding_of returns the Encode name for args.encoding, read as Encoding
# §4.2 reads a label (ASCII whitespace stripped, ASCII lowercase) but only
# as an encoding's own name: Encode's aliases are not WHATWG's labels.
sub encoding_of {
    my ($label) = @_;
    $label //= '';
    $label =~ s/\A[\t\n\f\r ]+|[\t\n\f\r ]+\z//g;
    return $ENCODINGS{ lc $label };
}

my %function_sets = (
    '' => {
        queryEncode => sub {
            my ($octets, $args) = @_;
            my $enc  = encoding_of($args->{encoding});
            my $text = text_of_utf8($octets);
            return { unsupported => JSON::PP::true } unless defined $enc && defined $text;
            return { out => uri_escape(Encode::encode($enc, $text, Encode::FB_HTMLCREF), $SPECIAL_QUERY_UNSAFE) };
        },
        utf8DecodeReplace => sub {
            my $text = Encode::decode('UTF-8', $_[0], Encode::FB_DEFAULT);
            utf8::encode($text);
            return { out => $text };
        },
    },
);

serve(\%function_sets);
