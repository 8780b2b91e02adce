# plan, diff
