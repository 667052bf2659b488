Type; $a = 10
