using System;
using System.Text;
using System.Web;

class Repro {
    static void Main() {
        // U+2603 is not in JIS X 0208: the replacement fallback should give '?' (3F),
        // and HttpUtility.UrlEncode("a\u2603", e) "a%3f".
        Encoding e = Encoding.GetEncoding("iso-2022-jp");
        Console.WriteLine(BitConverter.ToString(e.GetBytes("\u2603")) + " " + HttpUtility.UrlEncode("a\u2603", e));
    }
}
