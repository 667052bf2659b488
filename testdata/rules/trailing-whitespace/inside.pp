# Trailing blanks inside comments, strings and heredocs are theirs, not flagged;
# and a comment keeps its own trailing blanks.   
class ntp {
  $s = "two   
  lines"
  $h = @(END)
    text   
    | END
}
