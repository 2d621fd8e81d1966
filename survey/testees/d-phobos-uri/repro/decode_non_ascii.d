import std.stdio : writeln;
import std.uri : decodeComponent;

void main()
{
    // a literal "é" (UTF-8 C3 A9), no escape
    writeln(decodeComponent("caf\u00e9"));
}
