# jq 1.6: @uri should map all reserved characters, '!' '*' ''' '(' ')' included
jq -rn '"a!b*c(d)" | @uri'
