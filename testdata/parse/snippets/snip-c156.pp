$x = @(END)
abc
  -  END  
