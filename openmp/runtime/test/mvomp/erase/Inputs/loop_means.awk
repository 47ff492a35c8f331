# The taskloop rows of an OMP_ERASE_STATS file (column 2 "taskloop", the mean
# in column 7): at least two, and every mean below a second.
$2 == "taskloop" { ++rows; if (!($7 < 1)) bad = 1 }
END {
  many = (rows >= 2) ? "2 or more" : rows + 0
  print "taskloop rows", many ", means below 1 s:", (bad ? "no" : "yes")
}
