import std.stdio : writeln;
import std.uri : URIException, decodeComponent;

void main()
{
    // C0 AF: an overlong (invalid) UTF-8 form of '/'
    try writeln(decodeComponent("..%C0%AF"));
    catch (URIException e) writeln("URIException");
}
