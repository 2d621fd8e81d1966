using System;
using System.Linq;
using System.Web;

class Repro {
    static void Main() {
        string s = HttpUtility.UrlDecode("caf\u00e9+au+lait");
        Console.WriteLine(string.Concat(s.Select(c => c < 128 ? c.ToString() : $"\\u{(int)c:x4}")));
    }
}
