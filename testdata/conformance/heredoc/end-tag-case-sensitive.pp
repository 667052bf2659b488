$x = @(END)
text
end
