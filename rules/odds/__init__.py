"""Exact odds of the three rule systems, as :class:`fractions.Fraction` distributions.

Nothing is simulated: every distribution is computed by convolution or enumeration and
sums to exactly 1.
"""
