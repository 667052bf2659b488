#this is a comment
